/** The dashboard's one stylesheet: system fonts, no images, readable from 320 px up. */
export const DASHBOARD_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f24;background:#f6f7f9}
body{margin:0}
a{color:#0b57b3}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,summary:focus-visible,iframe:focus-visible,[tabindex]:focus-visible{outline:3px solid #0b57b3;outline-offset:2px}
h1{font-size:1.5rem;margin:0 0 1rem}
h2{font-size:1.2rem;margin:1.5rem 0 .5rem}
h3{font-size:1rem;margin:1rem 0 .25rem}
.skip{position:absolute;left:-999px;top:0;background:#fff;padding:.5rem}
.skip:focus{left:.5rem}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.site{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;padding:.5rem 1rem;background:#14213d;color:#fff}
.site a{color:#fff}
.brand{font-weight:700;text-decoration:none;margin-right:auto}
.site form{margin:0}
.site button{background:transparent;color:#fff;border:1px solid #fff}
.site nav ul,.tabs ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;list-style:none;margin:0;padding:0}
.tabs{background:#fff;border-bottom:1px solid #d0d5dd;padding:.5rem 1rem}
.tabs a[aria-current]{font-weight:700;text-decoration:none;border-bottom:3px solid #0b57b3}
main{max-width:60rem;margin:0 auto;padding:1rem}
.card{background:#fff;border:1px solid #d0d5dd;border-radius:6px;padding:1rem;margin:0 0 1rem}
.card>h2:first-child,.card>h3:first-child,.card>summary:first-child{margin-top:0}
.grid{display:grid;gap:1rem;grid-template-columns:repeat(auto-fit,minmax(12rem,1fr))}
.figure{font-size:1.75rem;font-weight:700;margin:0}
.muted{color:#4b5563}
.up{color:#11703a}
.down{color:#b42318}
.flash{border-radius:6px;padding:.75rem 1rem;margin:0 0 1rem;border:2px solid}
.flash-success{background:#ecfdf3;border-color:#11703a}
.flash-error{background:#fef3f2;border-color:#b42318}
.badge{display:inline-block;border-radius:1rem;padding:0 .6rem;font-size:.85rem;font-weight:600;border:1px solid}
.badge-generating,.badge-pending,.badge-processing{background:#fff8e6;border-color:#8a5a00;color:#6b4500}
.badge-draft,.badge-expired,.badge-superseded{background:#f2f4f7;border-color:#475467;color:#344054}
.badge-published,.badge-ready,.badge-succeeded{background:#ecfdf3;border-color:#11703a;color:#0b5a2e}
.badge-failed,.badge-closed{background:#fef3f2;border-color:#b42318;color:#912018}
.table-wrap{overflow-x:auto}
table{border-collapse:collapse;width:100%;background:#fff}
th,td{text-align:left;padding:.4rem .5rem;border-bottom:1px solid #e4e7ec;vertical-align:top}
th{font-size:.85rem;color:#344054}
td.num,th.num{text-align:right}
tr.failed td{background:#fef3f2}
form.inline{display:inline}
label{display:block;font-weight:600;margin:.5rem 0 .25rem}
label.check{display:flex;gap:.5rem;align-items:center;font-weight:400}
input[type=text],input[type=url],input[type=password],input[type=number],input[type=date],select{font:inherit;width:100%;max-width:28rem;padding:.4rem;border:1px solid #667085;border-radius:4px;background:#fff}
input[type=checkbox],input[type=radio]{width:1.1rem;height:1.1rem}
fieldset{border:1px solid #d0d5dd;border-radius:6px;margin:.5rem 0}
.hint{font-size:.9rem;color:#4b5563;margin:.25rem 0}
button,.button{font:inherit;cursor:pointer;display:inline-block;padding:.4rem .9rem;border-radius:4px;border:1px solid #0b57b3;background:#0b57b3;color:#fff;text-decoration:none;margin:.25rem .25rem .25rem 0}
button.secondary,.button.secondary{background:#fff;color:#0b57b3}
button.danger{background:#b42318;border-color:#b42318}
.actions{display:flex;flex-wrap:wrap;gap:.25rem .5rem;align-items:center}
.actions label{margin:0}
.actions input,.actions select{width:auto}
pre{white-space:pre-wrap;word-break:break-word;background:#f2f4f7;padding:.5rem;border-radius:4px;max-height:20rem;overflow:auto;font-size:.85rem}
iframe.article{width:100%;height:70vh;border:1px solid #d0d5dd;border-radius:6px;background:#fff}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0}
dl.facts dt{font-weight:600}
dl.facts dd{margin:0;overflow-wrap:anywhere}
svg.chart{width:100%;height:auto;max-width:42rem;display:block}
.pager{display:flex;gap:1rem;margin:.5rem 0}
`;
