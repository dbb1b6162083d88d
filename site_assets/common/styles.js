// The CSS every widget's shadow root shares (Material's variables with fallbacks).

/** Shared CSS for every widget's shadow root (Material's variables with fallbacks). */
export const BASE_CSS = `
:host {
  display: block;
  --fg: var(--md-default-fg-color, #1f1f24);
  --fg-light: var(--md-default-fg-color--light, rgba(0, 0, 0, 0.58));
  --fg-lighter: var(--md-default-fg-color--lighter, rgba(0, 0, 0, 0.32));
  --fg-lightest: var(--md-default-fg-color--lightest, rgba(0, 0, 0, 0.08));
  --bg: var(--md-default-bg-color, #fff);
  --accent: var(--md-accent-fg-color, #526cfe);
  --primary: var(--md-primary-fg-color, #4051b5);
  --code-bg: var(--md-code-bg-color, rgba(127, 127, 127, 0.08));
  color: var(--fg);
  font-family: var(--md-text-font-family, system-ui, -apple-system, "Segoe UI", sans-serif);
  font-size: 0.8rem;
  line-height: 1.5;
  margin: 1.5em 0;
  max-width: 100%;
  box-sizing: border-box;
}
:host([hidden]) { display: none; }
[hidden] { display: none !important; }
* { box-sizing: border-box; }
.frame {
  border: 1px solid var(--fg-lightest);
  border-radius: 0.3rem;
  padding: 0.6rem;
  background: var(--bg);
  max-width: 100%;
}
.controls { display: flex; flex-wrap: wrap; gap: 0.4rem 0.9rem; align-items: center; margin-bottom: 0.4rem; }
.controls label { display: inline-flex; gap: 0.3rem; align-items: center; max-width: 100%; min-width: 0; }
/* long story titles must not push a phone-width page sideways */
select { max-width: 100%; min-width: 0; text-overflow: ellipsis; }
select, button, input {
  font: inherit;
  color: inherit;
}
select, button {
  background: var(--bg);
  border: 1px solid var(--fg-lighter);
  border-radius: 0.2rem;
  padding: 0.1rem 0.35rem;
  cursor: pointer;
}
button:hover, select:hover { border-color: var(--accent); }
:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.hint { color: var(--fg-light); font-size: 0.9em; margin: 0.2rem 0; }
a { color: var(--md-typeset-a-color, #00695c); }
:host([data-theme="dark"]) a { color: var(--md-typeset-a-color, #6fd8cc); }
.error { color: #b00020; font-weight: 600; white-space: pre-wrap; overflow-wrap: anywhere; }
:host([data-theme="dark"]) .error { color: #ff8a80; }
kbd {
  font-family: var(--md-code-font-family, ui-monospace, monospace);
  font-size: 0.85em;
  border: 1px solid var(--fg-lighter);
  border-radius: 0.2rem;
  padding: 0 0.25em;
}
.visually-hidden {
  position: absolute; width: 1px; height: 1px; overflow: hidden;
  clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap;
}
`;

/**
 * Dark fallbacks for pages without Material's variables (W3 and W4 add these to BASE_CSS): the
 * host's data-theme says which palette the page has.
 */
export const DARK_CSS = `
:host([data-theme="dark"]) {
  --fg: var(--md-default-fg-color, #e2e4e9);
  --fg-light: var(--md-default-fg-color--light, rgba(255, 255, 255, 0.62));
  --fg-lighter: var(--md-default-fg-color--lighter, rgba(255, 255, 255, 0.34));
  --fg-lightest: var(--md-default-fg-color--lightest, rgba(255, 255, 255, 0.1));
  --bg: var(--md-default-bg-color, #1e2129);
  --accent: var(--md-accent-fg-color, #8a9bff);
}
`;

/** The colour-scale legend of W2 and W5: a ramp (painted by HeadWidget.paintRamp) and the hatching of the future. */
export const SCALE_LEGEND_CSS = `
.ramp { display: inline-block; width: 7rem; height: 0.8rem; border: 1px solid var(--fg-lightest); vertical-align: middle; }
.hatch-sample { display: inline-block; width: 1.6rem; height: 0.8rem; vertical-align: middle;
  background: repeating-linear-gradient(135deg, transparent 0 3px, var(--fg-lighter) 3px 6px); }
`;
