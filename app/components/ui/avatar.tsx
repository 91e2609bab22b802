/** The reader's picture, or their initial on a colour derived from the name, never a broken image. */
export function Avatar({ name, image, size = 40 }: { name: string; image: string | null; size?: number }) {
  if (image) return <img src={image} alt="" width={size} height={size} className="rounded-full object-cover" style={{ width: size, height: size }} />;
  const hue = [...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 7);
  return (
    <span
      aria-hidden="true"
      className="inline-flex items-center justify-center rounded-full font-semibold text-white"
      style={{ width: size, height: size, background: `hsl(${hue} 45% 32%)`, fontSize: size * 0.42 }}
    >
      {(name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}
