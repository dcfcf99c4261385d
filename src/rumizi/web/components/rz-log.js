// <rz-log>: the readable log of what happened, newest last, announced politely.
class RzLog extends HTMLElement {
  connectedCallback() {
    if (!this.list) {
      this.list = document.createElement("ol");
      this.list.setAttribute("aria-live", "polite");
      this.append(this.list);
    }
  }
  clear() {
    this.connectedCallback();
    this.list.replaceChildren();
  }
  add(lines) {
    this.connectedCallback();
    for (const { text, mine } of lines) {
      const li = document.createElement("li");
      li.textContent = text;
      if (mine) li.className = "mine";
      this.list.append(li);
    }
    const box = this.closest(".log") ?? this;
    box.scrollTop = box.scrollHeight;
  }
}
customElements.define("rz-log", RzLog);
