// <rz-clock until="1764512345678" [turn="7.5"]>: counts down to a moment (ms, this page's
// clock: the server's deadline less the offset measured at connect). Redrawing it with
// the same moment changes nothing. With `turn`, the time beyond those last seconds is a
// "get ready" pause, shown before the turn's own countdown.
import { num, t } from "./util.js";

class RzClock extends HTMLElement {
  connectedCallback() {
    this.setAttribute("role", "timer");
    this.tick();
    this.timer = setInterval(() => this.tick(), 100);
  }
  disconnectedCallback() {
    clearInterval(this.timer);
  }
  tick() {
    const until = parseFloat(this.getAttribute("until"));
    if (!Number.isFinite(until)) {
      this.textContent = "";
      return;
    }
    let left = Math.max(0, (until - Date.now()) / 1000);
    const turn = parseFloat(this.getAttribute("turn"));
    const ready = Number.isFinite(turn) && left > turn;
    if (ready) left -= turn;
    const whole = Math.ceil(left);
    const text = whole >= 60 ? `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}` : `${whole}`;
    const shown = ready ? `${t("get_ready")} ${num(text)}` : "⏱ " + num(text);
    if (this.textContent !== shown) this.textContent = shown;
    this.classList.toggle("ready", ready);
    this.classList.toggle("low", !ready && left < 5);
    const label = ready ? t("get_ready_left", { s: whole }) : t(this.getAttribute("label") ?? "clock_left", { s: whole });
    if (this.getAttribute("aria-label") !== label) this.setAttribute("aria-label", label);
  }
}
customElements.define("rz-clock", RzClock);
