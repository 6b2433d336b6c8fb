/**
 * The two icon containers the installers need, written from PNG images (no generator of their own):
 *
 * - `.ico` (Windows, NSIS): a 6-byte header, one 16-byte directory entry per image, then the images.
 *   Windows Vista and later read PNG images inside an .ico; a size of 256 is written as 0.
 * - `.icns` (macOS, dmg): 'icns' and the file's length, then one element per image: a 4-byte type
 *   naming its size, the element's length (8 + data), the PNG itself.
 */

/** @param {{ size: number, png: Buffer }[]} images */
export function encodeIco(images) {
  const header = Buffer.alloc(6)
  header.writeUInt16LE(0, 0) // reserved
  header.writeUInt16LE(1, 2) // 1: icon
  header.writeUInt16LE(images.length, 4)
  const directory = Buffer.alloc(16 * images.length)
  let offset = header.length + directory.length
  images.forEach(({ size, png }, index) => {
    if (size < 1 || size > 256) throw new Error(`.ico images are 1 to 256 pixels wide, not ${size}`)
    const entry = 16 * index
    directory.writeUInt8(size === 256 ? 0 : size, entry) // width
    directory.writeUInt8(size === 256 ? 0 : size, entry + 1) // height
    directory.writeUInt8(0, entry + 2) // colours in a palette: none
    directory.writeUInt8(0, entry + 3) // reserved
    directory.writeUInt16LE(1, entry + 4) // colour planes
    directory.writeUInt16LE(32, entry + 6) // bits per pixel
    directory.writeUInt32LE(png.length, entry + 8)
    directory.writeUInt32LE(offset, entry + 12)
    offset += png.length
  })
  return Buffer.concat([header, directory, ...images.map((image) => image.png)])
}

/** The .icns element types that hold a PNG, by the pixel size of the image (a @2x type reuses a larger image). */
export const ICNS_TYPES = [
  { type: 'icp4', size: 16 },
  { type: 'icp5', size: 32 },
  { type: 'ic11', size: 32 }, // 16@2x
  { type: 'icp6', size: 64 },
  { type: 'ic12', size: 64 }, // 32@2x
  { type: 'ic07', size: 128 },
  { type: 'ic08', size: 256 },
  { type: 'ic13', size: 256 }, // 128@2x
  { type: 'ic09', size: 512 },
  { type: 'ic14', size: 512 }, // 256@2x
  { type: 'ic10', size: 1024 }, // 512@2x
]

/** @param {Map<number, Buffer>} pngBySize */
export function encodeIcns(pngBySize) {
  const elements = ICNS_TYPES.map(({ type, size }) => {
    const png = pngBySize.get(size)
    if (!png) throw new Error(`.icns needs a ${size}×${size} PNG for ${type}`)
    const head = Buffer.alloc(8)
    head.write(type, 0, 'ascii')
    head.writeUInt32BE(8 + png.length, 4)
    return Buffer.concat([head, png])
  })
  const body = Buffer.concat(elements)
  const head = Buffer.alloc(8)
  head.write('icns', 0, 'ascii')
  head.writeUInt32BE(8 + body.length, 4)
  return Buffer.concat([head, body])
}

/** Reads an .ico's directory back: [{ size, length, offset }] (for the tests). */
export function readIcoDirectory(file) {
  if (file.readUInt16LE(0) !== 0 || file.readUInt16LE(2) !== 1) throw new Error('not an .ico')
  const count = file.readUInt16LE(4)
  return Array.from({ length: count }, (_, index) => {
    const entry = 6 + 16 * index
    return { size: file.readUInt8(entry) || 256, length: file.readUInt32LE(entry + 8), offset: file.readUInt32LE(entry + 12) }
  })
}

/** Reads an .icns's elements back: [{ type, data }] (for the tests). */
export function readIcnsElements(file) {
  if (file.toString('ascii', 0, 4) !== 'icns' || file.readUInt32BE(4) !== file.length) throw new Error('not an .icns')
  const elements = []
  for (let at = 8; at < file.length;) {
    const length = file.readUInt32BE(at + 4)
    elements.push({ type: file.toString('ascii', at, at + 4), data: file.subarray(at + 8, at + length) })
    at += length
  }
  return elements
}
