import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { JsonLd } from '@/components/seo/json-ld';

describe('JsonLd', () => {
  it('writes text that cannot close its script element', () => {
    const { container } = render(<JsonLd data={[{ name: '</script><b>x</b>' }]} />);
    const script = container.querySelector('script[type="application/ld+json"]')!;
    expect(script.innerHTML).not.toContain('</script>');
    expect(JSON.parse(script.textContent!)).toEqual({ name: '</script><b>x</b>' });
    expect(render(<JsonLd data={[]} />).container.innerHTML).toBe('');
  });
});
