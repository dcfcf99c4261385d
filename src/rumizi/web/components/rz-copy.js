// <rz-copy text="…" label="…">: a button that copies a link, and says so.
import { t } from "./util.js";

class RzCopy extends HTMLElement {
  connectedCallback() {
    if (this.button) return;
    this.button = document.createElement("button");
    this.button.type = "button";
    this.button.textContent = t("copy");
    this.button.setAttribute("aria-label", this.getAttribute("label") ?? t("copy"));
    this.button.addEventListener("click", async () => {
      const text = new URL(this.getAttribute("text"), location.href).href;
      try {
        await navigator.clipboard.writeText(text);
      } catch {
        const input = this.parentElement.querySelector("input");
        input?.select();
        document.execCommand?.("copy");
      }
      this.button.textContent = t("copied");
      setTimeout(() => (this.button.textContent = t("copy")), 1500);
    });
    this.append(this.button);
  }
}
customElements.define("rz-copy", RzCopy);
