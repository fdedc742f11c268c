import { describe, expect, it } from 'vitest';
import { faqSearchText, sanitizeAdminHtml, textOfSanitized } from './html.js';

// The spec §9 allowlist: span, br, a and div; style on span and div; style and href on a; no
// javascript: links (decision 0180).

describe('sanitizeAdminHtml', () => {
  it('keeps the allowed formatting as it was written', () => {
    const html =
      '<div style="text-align:center;font-weight:bold">Big <span style="color:#c8003c;text-decoration:underline">news</span></div>' +
      '<br /><a href="https://example.com/a?b=1" style="color:blue">read</a> <a href="/shop">shop</a> ' +
      '<a href="mailto:help@example.com">mail</a>';
    expect(sanitizeAdminHtml(html)).toBe(html);
  });

  it('drops scripts with their content, event handlers and other attributes', () => {
    const out = sanitizeAdminHtml(
      '<div onclick="steal()" class="x" id="y" onmouseover="x()">hi<script>alert(document.cookie)</script></div>' +
        '<img src="x" onerror="alert(1)"><svg onload="alert(1)"></svg><iframe src="https://evil.example"></iframe>' +
        '<style>body{display:none}</style><span onerror=alert(1) title="t">ok</span>',
    );
    expect(out).toBe('<div>hi</div><span>ok</span>');
    expect(out).not.toMatch(/script|onerror|onclick|onload|alert|iframe|img|svg|style>/i);
  });

  it('drops every link that is not http, https, mailto or a path of the site', () => {
    const links = [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      '&#106;avascript:alert(1)',
      'java&#x09;script:alert(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'vbscript:msgbox(1)',
      '//evil.example/path',
      'file:///etc/passwd',
    ];
    for (const href of links) {
      expect(sanitizeAdminHtml(`<a href="${href}">x</a>`), href).toBe('<a>x</a>');
    }
  });

  it('keeps only the listed style properties with plain values, so nothing loads or runs from a style', () => {
    expect(
      sanitizeAdminHtml(
        '<span style="background-image:url(https://evil.example/t.png);color:red;position:fixed">a</span>' +
          '<div style="color:expression(alert(1))">b</div>' +
          '<span style="background-color:url(javascript:alert(1))">c</span>' +
          '<a href="/x" style="background:url(x);font-size:120%">d</a>' +
          '<span style="font-size:1e9px;font-style:italic">e</span>',
      ),
    ).toBe(
      '<span style="color:red">a</span><div>b</div><span>c</span><a href="/x" style="font-size:120%">d</a><span style="font-style:italic">e</span>',
    );
  });

  it('strips tags outside the allowlist but keeps their text, however they nest', () => {
    expect(sanitizeAdminHtml('<p><b><i>deep</i></b> <ul><li>item</li></ul></p><h1>title</h1>')).toBe('deep itemtitle');
    expect(sanitizeAdminHtml('<div><table><tr><td><span style="color:red">cell</span></td></tr></table></div>')).toBe(
      '<div><span style="color:red">cell</span></div>',
    );
    expect(sanitizeAdminHtml('<scr<script>ipt>alert(1)</script>')).not.toContain('<script');
  });

  it('escapes text so that it cannot become markup', () => {
    expect(sanitizeAdminHtml('1 < 2 & "quotes" > 0')).toBe('1 &lt; 2 &amp; "quotes" &gt; 0');
  });
});

describe('search text', () => {
  it('is the text a reader sees, words apart, without tags or attribute values', () => {
    const answer = sanitizeAdminHtml(
      'Open <a href="/shop" style="color:red">the shop</a><br />then <b>pay</b> &amp; read',
    );
    expect(textOfSanitized(answer)).toBe('Open the shop then pay & read');
    expect(faqSearchText('How do I PAY?', answer)).toBe('how do i pay? open the shop then pay & read');
  });
});
