// Renders the PWA icons from public/icons/icon.svg: node scripts/make-icons.mjs
import sharp from 'sharp';

const svg = 'public/icons/icon.svg';
for (const [file, size] of [
  ['icon-192.png', 192],
  ['icon-512.png', 512],
  ['apple-touch-icon.png', 180],
]) {
  await sharp(svg, { density: 300 }).resize(size, size).png().toFile(`public/icons/${file}`);
}
// Maskable: the artwork inside the central 80 % safe zone on a full-bleed background.
const inner = await sharp(svg, { density: 300 }).resize(400, 400).png().toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: '#1D4E7A' } })
  .composite([{ input: inner, top: 56, left: 56 }])
  .png()
  .toFile('public/icons/maskable-512.png');
console.log('icons written');
