import assert from 'node:assert/strict';
import { renderStatement } from '@verdict/shared/statement';

describe('web: problem statements', () => {
  it('renders inline and display maths with KaTeX', () => {
    const html = renderStatement('Print $a + b$.\n\n$$\\sum_{i=1}^{n} i$$\n');
    assert.match(html, /<p>Print <span class="katex">/);
    assert.match(html, /<div class="math-block"><span class="katex-display">/);
  });

  it('leaves prices alone', () => {
    assert.equal(renderStatement('It costs $5 and $6.'), '<p>It costs $5 and $6.</p>\n');
  });

  it('does not pass raw HTML through', () => {
    assert.doesNotMatch(renderStatement('<script>alert(1)</script>'), /<script>/);
  });

  it('shows broken TeX instead of failing', () => {
    assert.match(renderStatement('$\\frac{1}{$'), /katex/);
  });
});
