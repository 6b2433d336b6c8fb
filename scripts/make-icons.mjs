#!/usr/bin/env node
/**
 * `npm run icons`: makes every icon the app and its installers use from resources/icon.svg, the one
 * drawing. Its outputs are committed, so building the app or an installer needs no image library;
 * run this again only after changing the drawing.
 *
 *   resources/icons/<N>x<N>.png  16 … 1024: the Linux icon set (AppImage, deb) and the .ico/.icns sources
 *   resources/icon.png            512×512: the window's icon, the About panel's, electron-builder's default
 *   resources/icon.ico            Windows (NSIS installer, the .exe)
 *   resources/icon.icns           macOS (dmg, the .app)
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import sharp from 'sharp'
import { encodeIcns, encodeIco } from './icon-formats.mjs'

const resources = resolve(import.meta.dirname, '..', 'resources')
export const PNG_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024]
export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256]

const svg = readFileSync(join(resources, 'icon.svg'))
mkdirSync(join(resources, 'icons'), { recursive: true })
const pngBySize = new Map()
for (const size of PNG_SIZES) {
  // The drawing is 1024 units wide: a density of 72·size/1024 renders it at the size itself, not
  // scaled down from one large bitmap.
  const png = await sharp(svg, { density: (72 * size) / 1024 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: false })
    .toBuffer()
  pngBySize.set(size, png)
  writeFileSync(join(resources, 'icons', `${size}x${size}.png`), png)
}
writeFileSync(join(resources, 'icon.png'), pngBySize.get(512))
writeFileSync(join(resources, 'icon.ico'), encodeIco(ICO_SIZES.map((size) => ({ size, png: pngBySize.get(size) }))))
writeFileSync(join(resources, 'icon.icns'), encodeIcns(pngBySize))
console.log(`Icons made from resources/icon.svg: ${PNG_SIZES.length} PNG sizes, icon.png, icon.ico, icon.icns.`)
