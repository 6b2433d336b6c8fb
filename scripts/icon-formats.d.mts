export function encodeIco(images: { size: number; png: Buffer }[]): Buffer
export const ICNS_TYPES: { type: string; size: number }[]
export function encodeIcns(pngBySize: Map<number, Buffer>): Buffer
export function readIcoDirectory(file: Buffer): { size: number; length: number; offset: number }[]
export function readIcnsElements(file: Buffer): { type: string; data: Buffer }[]
