/** WCAG contrast ratio of an element's text against its own background (an alpha tint over white). */
export function textContrast(el: Element): number {
  const style = getComputedStyle(el);
  const parse = (css: string) => {
    const [r = 0, g = 0, b = 0, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
    return { r, g, b, a };
  };
  const bg = parse(style.backgroundColor);
  const over = (c: number) => c * bg.a + 255 * (1 - bg.a);
  const luminance = ([r, g, b]: number[]) => {
    const lin = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
  };
  const fg = parse(style.color);
  const [l1, l2] = [luminance([fg.r, fg.g, fg.b]), luminance([over(bg.r), over(bg.g), over(bg.b)])].sort((x, y) => y - x);
  return (l1! + 0.05) / (l2! + 0.05);
}
