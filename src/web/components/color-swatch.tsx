/** A small square of the color, next to its #RRGGBB. */
export function ColorSwatch({ hex, size = 16 }: { hex: string; size?: number }) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        width: size,
        height: size,
        borderRadius: 3,
        border: '1px solid rgba(0, 0, 0, 0.15)',
        background: hex,
        verticalAlign: 'middle',
        flexShrink: 0,
      }}
    />
  );
}
