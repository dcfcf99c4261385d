// <rz-clock seconds="12.5"> counts down from the moment its seconds were set.
import { num, t } from "./util.js";

class RzClock extends HTMLElement {
  static observedAttributes = ["seconds"];
  connectedCallback() {
    this.setAttribute("role", "timer");
    this.tick();
    this.timer = setInterval(() => this.tick(), 250);
  }
  disconnectedCallback() {
    clearInterval(this.timer);
  }
  attributeChangedCallback() {
    this.start = performance.now();
    this.tick();
  }
  tick() {
    const total = parseFloat(this.getAttribute("seconds"));
    if (!Number.isFinite(total)) {
      this.textContent = "";
      return;
    }
    const left = Math.max(0, total - (performance.now() - (this.start ?? performance.now())) / 1000);
    const whole = Math.ceil(left);
    const text = whole >= 60 ? `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}` : `${whole}`;
    const shown = "⏱ " + num(text);
    if (this.textContent !== shown) this.textContent = shown;
    this.classList.toggle("low", left < 5);
    this.setAttribute("aria-label", t("clock_left", { s: whole }));
  }
}
customElements.define("rz-clock", RzClock);
