import { describe, expect, it } from 'vitest';
import { brandForHost, parseBrandRouting } from './brand-routing';

describe('brand routing', () => {
  it('serves the documented brand when nothing is configured', () => {
    expect(brandForHost(parseBrandRouting({}), 'localhost:3000').id).toBe('delitoonb-fr');
  });

  it('serves BRAND_ID to hosts without an entry', () => {
    expect(brandForHost(parseBrandRouting({ BRAND_ID: 'delitoon-de' }), 'example.com').id).toBe('delitoon-de');
  });

  it('maps hosts to brands, an exact host:port entry first, then the bare host name', () => {
    const routing = parseBrandRouting({
      BRAND_ID: 'delitoon-fr',
      BRAND_HOSTS: ' bom.example=bom-tw , localhost:3001=beltoon-jp,localhost=bom-th',
    });
    expect(brandForHost(routing, 'bom.example').id).toBe('bom-tw');
    expect(brandForHost(routing, 'BOM.example:8443').id).toBe('bom-tw');
    expect(brandForHost(routing, 'localhost:3001').id).toBe('beltoon-jp');
    expect(brandForHost(routing, 'localhost:3000').id).toBe('bom-th');
    expect(brandForHost(routing, 'other.example').id).toBe('delitoon-fr');
    expect(brandForHost(routing, null).id).toBe('delitoon-fr');
  });

  it('refuses unknown brands and malformed entries', () => {
    expect(() => parseBrandRouting({ BRAND_ID: 'nope' })).toThrow(/BRAND_ID: "nope" is not a brand/);
    expect(() => parseBrandRouting({ BRAND_HOSTS: 'a.example=nope' })).toThrow(/BRAND_HOSTS: "nope"/);
    expect(() => parseBrandRouting({ BRAND_HOSTS: 'a.example' })).toThrow(/host=brand/);
    expect(() => parseBrandRouting({ BRAND_HOSTS: 'a=bom-tw=x' })).toThrow(/host=brand/);
  });
});
