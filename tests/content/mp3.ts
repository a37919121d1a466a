/**
 * Walks an MP3 file frame by frame (after an optional ID3v2 tag) and returns its duration in
 * seconds, or throws when the bytes are not a clean sequence of MPEG audio frames. Enough to prove
 * a committed clip decodes without shipping a decoder.
 */
const BITRATES: Record<string, number[]> = {
  // [version][layer III] kbps by index
  '1': [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  '2': [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES: Record<string, number[]> = { '1': [44100, 48000, 32000], '2': [22050, 24000, 16000], '2.5': [11025, 12000, 8000] };

export function mp3Duration(buf: Buffer): { seconds: number; frames: number } {
  let offset = 0;
  if (buf.subarray(0, 3).toString('latin1') === 'ID3') {
    const size = ((buf[6]! & 0x7f) << 21) | ((buf[7]! & 0x7f) << 14) | ((buf[8]! & 0x7f) << 7) | (buf[9]! & 0x7f);
    offset = 10 + size;
  }
  let seconds = 0;
  let frames = 0;
  while (offset + 4 <= buf.length) {
    const b1 = buf[offset + 1]!;
    const b2 = buf[offset + 2]!;
    if (buf[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) {
      // Trailing ID3v1 tag is allowed at the very end.
      if (buf.subarray(offset, offset + 3).toString('latin1') === 'TAG' && buf.length - offset === 128) break;
      throw new Error(`not an MPEG frame at byte ${offset}`);
    }
    const versionBits = (b1 >> 3) & 0x03;
    const version = versionBits === 3 ? '1' : versionBits === 2 ? '2' : versionBits === 0 ? '2.5' : null;
    const layer = (b1 >> 1) & 0x03;
    if (!version || layer !== 1) throw new Error(`unsupported frame at byte ${offset}`);
    const bitrate = (BITRATES[version === '1' ? '1' : '2']![(b2 >> 4) & 0x0f] ?? 0) * 1000;
    const sampleRate = SAMPLE_RATES[version]![(b2 >> 2) & 0x03];
    if (!bitrate || !sampleRate) throw new Error(`bad header at byte ${offset}`);
    const padding = (b2 >> 1) & 0x01;
    const samplesPerFrame = version === '1' ? 1152 : 576;
    const frameLength = Math.floor(((samplesPerFrame / 8) * bitrate) / sampleRate) + padding;
    seconds += samplesPerFrame / sampleRate;
    frames += 1;
    offset += frameLength;
  }
  if (frames === 0) throw new Error('no audio frames');
  return { seconds, frames };
}
