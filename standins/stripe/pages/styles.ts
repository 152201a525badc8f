/** The one stylesheet of the hosted pages (served at /_stripe/assets/stand-in.css). */
export const STYLESHEET = `
:root { --ink: #1a1f36; --muted: #697386; --line: #e3e8ee; --accent: #4f46e5; --accent-dark: #4338ca;
  --bg: #f6f8fb; --good: #0e7a4f; --good-bg: #dff6ea; --bad: #b42318; --bad-bg: #fde8e7; --warn: #92400e; --warn-bg: #fdf0d5; }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; background: var(--bg); color: var(--ink);
  font: 15px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
a { color: var(--accent); }
a:focus-visible, button:focus-visible, input:focus-visible { outline: 3px solid rgba(79, 70, 229, .35); outline-offset: 2px; }
h1 { font-size: 1.15rem; font-weight: 500; color: var(--muted); margin: 2rem 0 .25rem; }
h2 { font-size: 1.05rem; margin: 0 0 1rem; }
h3 { font-size: 1rem; margin: 0; }
.muted { color: var(--muted); }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.badge { display: inline-block; padding: .1rem .5rem; border-radius: 4px; background: #ffde92;
  color: #7a4b00; font-size: .7rem; font-weight: 700; letter-spacing: .04em; text-transform: uppercase; }
.merchant { display: flex; align-items: center; gap: .6rem; font-weight: 600; }
.mark { display: inline-grid; place-items: center; width: 28px; height: 28px; border-radius: 50%;
  background: linear-gradient(135deg, #6366f1, #0ea5e9); color: #fff; font-size: .85rem; }
.back { text-decoration: none; font-size: 1.2rem; color: var(--muted); margin-right: .2rem; }
.back:hover { color: var(--ink); }

.checkout { display: grid; grid-template-columns: 1fr 1fr; max-width: 980px; margin: 48px auto 16px; background: #fff;
  border-radius: 14px; box-shadow: 0 10px 40px rgba(26, 31, 54, .08), 0 1px 3px rgba(26, 31, 54, .06); overflow: hidden; }
.summary { padding: 48px; background: #fbfcfe; border-right: 1px solid var(--line); }
.price { display: flex; align-items: center; gap: .6rem; margin: .2rem 0 2rem; }
.price .amount { font-size: 2.4rem; font-weight: 650; letter-spacing: -.02em; }
.price .per { color: var(--muted); font-size: .85rem; line-height: 1.15; }
.lines { list-style: none; margin: 0; padding: 0; }
.lines li { display: flex; justify-content: space-between; gap: 1rem; padding: 1rem 0; border-top: 1px solid var(--line); }
.lines small { display: block; color: var(--muted); }
.totals { margin: 0; border-top: 1px solid var(--line); }
.totals div { display: flex; justify-content: space-between; padding: .7rem 0; }
.totals dt { color: var(--muted); }
.totals dd { margin: 0; }
.totals .total { border-top: 1px solid var(--line); font-weight: 650; }
.totals .total dt { color: var(--ink); }
.pay { padding: 48px; }
label { display: block; font-size: .85rem; font-weight: 500; color: #3c4257; margin: 1rem 0 .35rem; }
input { width: 100%; padding: .65rem .8rem; font: inherit; color: var(--ink); border: 1px solid #d5dbe3; border-radius: 7px;
  background: #fff; box-shadow: 0 1px 1px rgba(0, 0, 0, .03); }
input[readonly] { background: #f4f6f9; color: var(--muted); }
input[aria-invalid="true"] { border-color: var(--bad); box-shadow: 0 0 0 1px var(--bad); }
fieldset { border: 0; margin: 1.6rem 0 0; padding: 1rem 0 0; min-width: 0; border-top: 1px solid var(--line); }
legend { font-size: .78rem; font-weight: 600; color: var(--muted); text-transform: uppercase; letter-spacing: .06em; padding: 0 .5rem 0 0; }
fieldset > label:first-of-type { margin-top: .4rem; }
.pair { display: grid; grid-template-columns: 1fr 1fr; gap: .8rem; }
button, .button { display: inline-block; font: inherit; font-weight: 600; border-radius: 7px; padding: .7rem 1.2rem;
  border: 1px solid transparent; cursor: pointer; text-decoration: none; text-align: center; }
.primary { background: var(--accent); color: #fff; }
.primary:hover { background: var(--accent-dark); }
.pay .primary { width: 100%; margin-top: 1.5rem; padding: .85rem; font-size: 1rem; }
.secondary { background: #fff; color: var(--ink); border-color: #d5dbe3; }
.secondary:hover { border-color: #a3acb9; }
.danger { background: var(--bad); color: #fff; }
.button { background: var(--accent); color: #fff; }
.button.secondary { background: #fff; color: var(--ink); }
.error { margin: 1rem 0 0; padding: .7rem .9rem; border-radius: 7px; background: var(--bad-bg); color: var(--bad); font-weight: 500; }
.fineprint { color: var(--muted); font-size: .78rem; margin: 1rem 0 0; }
.test-note { margin-top: 1.6rem; padding: .9rem 1rem; border: 1px dashed #f0c36d; border-radius: 8px; background: #fffaf0;
  font-size: .82rem; color: #5c4a1d; }
.test-note p { margin: 0 0 .5rem; }
.test-note ul { list-style: none; margin: 0; padding: 0; display: grid; gap: .25rem; }
.test-note li { display: grid; grid-template-columns: auto 1fr; gap: 1rem; align-items: baseline; }
.test-note li span { text-align: right; }
.test-note code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; color: var(--ink); white-space: nowrap; }
.powered { text-align: center; color: var(--muted); font-size: .8rem; margin: 0 0 32px; }

.panel { max-width: 560px; margin: 64px auto; background: #fff; border-radius: 14px; padding: 40px;
  box-shadow: 0 10px 40px rgba(26, 31, 54, .08); }
.panel h1 { color: var(--ink); font-size: 1.4rem; font-weight: 650; }
.facts { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; margin: 0 0 1.5rem; }
.facts dt { color: var(--muted); font-size: .8rem; }
.facts dd { margin: 0; }

.portal { display: grid; grid-template-columns: 300px 1fr; min-height: 100vh; }
.portal-side { padding: 56px 40px; background: #fff; border-right: 1px solid var(--line); }
.portal-side .muted { margin: 1.2rem 0; }
.back-link { display: inline-block; margin: .5rem 0 2rem; font-weight: 600; text-decoration: none; }
.signed-in { color: var(--muted); font-size: .85rem; }
.signed-in strong { color: var(--ink); font-weight: 500; }
.portal-main { padding: 56px 48px; max-width: 760px; }
.portal-main section { margin-bottom: 2.2rem; }
.portal-main h2 { text-transform: uppercase; font-size: .78rem; letter-spacing: .06em; color: var(--muted); border-bottom: 1px solid var(--line);
  padding-bottom: .6rem; }
.plan { background: #fff; border: 1px solid var(--line); border-radius: 12px; padding: 1.4rem 1.5rem; margin-bottom: 1rem; }
.plan p { margin: .4rem 0; }
.plan-head { display: flex; align-items: center; gap: .8rem; }
.plan-price { font-size: 1.6rem; font-weight: 650; }
.plan-price span { font-size: .9rem; font-weight: 400; color: var(--muted); }
.plan > .button, .plan > form { margin-top: .8rem; }
.pill { display: inline-block; padding: .1rem .55rem; border-radius: 999px; font-size: .75rem; font-weight: 600; }
.pill.good { background: var(--good-bg); color: var(--good); }
.pill.bad { background: var(--bad-bg); color: var(--bad); }
.pill.warn { background: var(--warn-bg); color: var(--warn); }
.pill.plain { background: #eef1f5; color: var(--muted); }
.notice { padding: .8rem 1rem; border-radius: 8px; background: var(--good-bg); color: var(--good); font-weight: 500; }
.warning { padding: .6rem .8rem; border-radius: 7px; background: var(--bad-bg); color: var(--bad); }
.confirm { padding: 1rem; border-radius: 8px; background: #fff7f6; border: 1px solid #f3c4bf; }
.actions { display: flex; align-items: center; gap: .6rem; margin-top: .8rem; }
.card-on-file { font-size: 1rem; }
.brand { display: inline-block; padding: .05rem .4rem; border: 1px solid var(--line); border-radius: 4px; font-size: .72rem;
  font-weight: 700; color: #1a1f71; margin-right: .3rem; }
.card-form { background: #fff; border: 1px solid var(--line); border-radius: 12px; padding: 1.2rem 1.5rem; max-width: 460px; }
.invoices { width: 100%; border-collapse: separate; border-spacing: 0; background: #fff; border: 1px solid var(--line); border-radius: 12px; overflow: hidden; }
.invoices th, .invoices td { text-align: left; padding: .7rem 1rem; border-bottom: 1px solid var(--line); font-size: .9rem; }
.invoices tbody tr:last-child td, .invoices tfoot tr:last-child > * { border-bottom: 0; }
.invoices thead th { color: var(--muted); font-weight: 500; font-size: .8rem; background: #fbfcfe; }
.invoices .num { text-align: right; }
.invoices tfoot th { font-weight: 500; }
.invoices tfoot tr:first-child > * { border-top: 1px solid var(--line); }

@media (max-width: 820px) {
  .checkout { grid-template-columns: 1fr; margin: 0; border-radius: 0; }
  .summary { border-right: 0; border-bottom: 1px solid var(--line); padding: 32px 24px; }
  .pay { padding: 32px 24px; }
  .portal { grid-template-columns: 1fr; }
  .portal-side { border-right: 0; border-bottom: 1px solid var(--line); padding: 32px 24px; }
  .portal-main { padding: 32px 24px; }
}
`;
