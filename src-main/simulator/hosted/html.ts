/** The frame of every customer page: plain server-rendered HTML with inline CSS and no script. */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char)
}

/** Marks text as already-safe HTML, so that it is not escaped twice. */
export interface SafeHtml {
  readonly html: string
}

export const raw = (html: string): SafeHtml => ({ html })

/** A tagged template that escapes every interpolation unless it is SafeHtml (or an array of it). */
export function h(strings: TemplateStringsArray, ...values: (string | number | SafeHtml | readonly SafeHtml[] | null)[]): SafeHtml {
  let out = strings[0] ?? ''
  values.forEach((value, index) => {
    if (typeof value === 'string') out += escapeHtml(value)
    else if (typeof value === 'number') out += String(value)
    else if (Array.isArray(value)) out += (value as readonly SafeHtml[]).map((item) => item.html).join('')
    else if (value !== null) out += (value as SafeHtml).html
    out += strings[index + 1] ?? ''
  })
  return { html: out }
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef2f7;color:#1b2430}
header{background:#c8102e;color:#fff;padding:12px 24px;display:flex;justify-content:space-between;align-items:center}
header strong{font-size:18px;letter-spacing:.5px}
header span{font-size:13px;background:rgba(255,255,255,.18);padding:2px 10px;border-radius:999px}
main{max-width:460px;margin:32px auto;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(20,30,50,.12);padding:28px 32px}
h1{font-size:22px;margin:0 0 16px}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 16px;margin:0 0 20px;padding:12px 16px;background:#f6f8fb;border-radius:8px}
dt{color:#5a6472}dd{margin:0;font-weight:600;text-align:right}
label{display:block;font-weight:600;margin:14px 0 4px}
input[type=text],input[type=password]{width:100%;padding:10px 12px;font-size:16px;border:1px solid #b8c1cc;border-radius:6px}
input:focus{outline:3px solid #f3a6b3;border-color:#c8102e}
input[aria-invalid=true]{border-color:#b00020}
.row{display:grid;grid-template-columns:1fr 1fr;gap:16px}
.check{display:flex;gap:8px;align-items:center;font-weight:400}
button,.button{display:inline-block;margin-top:20px;width:100%;padding:12px;font-size:16px;font-weight:700;color:#fff;background:#c8102e;border:0;border-radius:6px;cursor:pointer;text-align:center;text-decoration:none}
button.secondary{background:#fff;color:#c8102e;border:1px solid #c8102e}
.alert{padding:10px 14px;border-radius:6px;background:#fdecee;color:#8a0018;margin:0 0 12px}
.ok{color:#0b7a3b}.bad{color:#b00020}
.hint{font-size:14px;color:#5a6472}
details{margin-top:20px;font-size:14px}
table{border-collapse:collapse;width:100%;margin-top:8px}td,th{border-bottom:1px solid #e3e7ec;padding:4px 6px;text-align:left}
footer{text-align:center;font-size:12px;color:#5a6472;margin-bottom:24px}
`

export function page(title: string, content: SafeHtml, lang: 'en' | 'ms' = 'en'): string {
  return h`<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${raw(STYLE)}</style>
</head>
<body>
<header><strong>Payment Gateway</strong><span>Training · no real money</span></header>
<main>
${content}
</main>
<footer>Training gateway simulator. Cards entered here are never charged.</footer>
</body>
</html>`.html
}

/** The order summary shown at the top of each page. */
export function summary(rows: readonly (readonly [string, string])[]): SafeHtml {
  return h`<dl>${rows.map(([term, detail]) => h`<dt>${term}</dt><dd>${detail}</dd>`)}</dl>`
}
