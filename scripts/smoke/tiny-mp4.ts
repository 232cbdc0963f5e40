/**
 * A tiny MP4 made without ffmpeg, for machines that run the smoke without it: colour bars, 320x180, video only.
 * H.264 (Constrained Baseline) whose first frame is an IDR picture of I_PCM macroblocks (raw samples, so no
 * encoder is needed) and whose other frames are P pictures that skip every macroblock (the same picture again),
 * in an ISO BMFF file with the index (`moov`) before the data. Generated, so no binary is committed.
 */

export const TINY_MP4 = { width: 320, height: 180 } as const;

const MB = 16;
const MBS_WIDE = TINY_MP4.width / MB;
/** 180 is not a whole number of macroblocks: 192 are coded and the SPS crops the bottom 12 rows. */
const MBS_HIGH = Math.ceil(TINY_MP4.height / MB);
const MB_COUNT = MBS_WIDE * MBS_HIGH;
/** 8 bits of frame_num: a P picture's frame_num counts up from the IDR's 0 and wraps at 256. */
const LOG2_MAX_FRAME_NUM = 8;
const PROFILE_BASELINE = 66;
/** constraint_set0 and constraint_set1: Constrained Baseline, which every H.264 decoder plays. */
const CONSTRAINT_FLAGS = 0xc0;
const LEVEL_3 = 30;

/** SMPTE-like bars as BT.601 video-range Y, Cb, Cr: white, yellow, cyan, green, magenta, red, blue, black. */
const BARS: readonly (readonly [number, number, number])[] = [
  [235, 128, 128],
  [210, 16, 146],
  [170, 166, 16],
  [145, 54, 34],
  [106, 202, 222],
  [81, 90, 240],
  [41, 240, 110],
  [16, 128, 128],
];

/** An H.264 RBSP, written bit by bit (Exp-Golomb codes as the spec's ue(v) and se(v)). */
class BitWriter {
  readonly bytes: number[] = [];
  private current = 0;
  private count = 0;

  bit(b: number): void {
    this.current = (this.current << 1) | (b & 1);
    if (++this.count === 8) {
      this.bytes.push(this.current);
      this.current = 0;
      this.count = 0;
    }
  }
  u(bits: number, value: number): void {
    for (let i = bits - 1; i >= 0; i--) this.bit((value >>> i) & 1);
  }
  ue(value: number): void {
    const coded = value + 1;
    const length = 32 - Math.clz32(coded);
    this.u(length - 1, 0);
    this.u(length, coded);
  }
  se(value: number): void {
    this.ue(value <= 0 ? -2 * value : 2 * value - 1);
  }
  alignWithZeros(): void {
    while (this.count) this.bit(0);
  }
  /** rbsp_trailing_bits: the stop bit, then zeros to the byte boundary. */
  finish(): number[] {
    this.bit(1);
    this.alignWithZeros();
    return this.bytes;
  }
}

/** A NAL unit: its header byte, then the RBSP with emulation prevention bytes (no 00 00 0x with x <= 3 inside). */
function nal(refIdc: number, type: number, rbsp: number[]): Uint8Array {
  const out = [(refIdc << 5) | type];
  let zeros = 0;
  for (const b of rbsp) {
    if (zeros >= 2 && b <= 3) {
      out.push(3);
      zeros = 0;
    }
    out.push(b);
    zeros = b === 0 ? zeros + 1 : 0;
  }
  return Uint8Array.from(out);
}

function sequenceParameterSet(): Uint8Array {
  const w = new BitWriter();
  w.u(8, PROFILE_BASELINE);
  w.u(8, CONSTRAINT_FLAGS);
  w.u(8, LEVEL_3);
  w.ue(0); // seq_parameter_set_id
  w.ue(LOG2_MAX_FRAME_NUM - 4);
  w.ue(2); // pic_order_cnt_type 2: output order is decoding order (no B pictures)
  w.ue(1); // max_num_ref_frames
  w.u(1, 0); // gaps_in_frame_num_value_allowed_flag
  w.ue(MBS_WIDE - 1);
  w.ue(MBS_HIGH - 1);
  w.u(1, 1); // frame_mbs_only_flag
  w.u(1, 1); // direct_8x8_inference_flag
  w.u(1, 1); // frame_cropping_flag: offsets in units of 2 luma rows (4:2:0 frames)
  w.ue(0);
  w.ue(0);
  w.ue(0);
  w.ue((MBS_HIGH * MB - TINY_MP4.height) / 2);
  w.u(1, 0); // vui_parameters_present_flag: the MP4 carries the timing
  return nal(3, 7, w.finish());
}

function pictureParameterSet(): Uint8Array {
  const w = new BitWriter();
  w.ue(0); // pic_parameter_set_id
  w.ue(0); // seq_parameter_set_id
  w.u(1, 0); // entropy_coding_mode_flag: CAVLC
  w.u(1, 0); // bottom_field_pic_order_in_frame_present_flag
  w.ue(0); // num_slice_groups_minus1
  w.ue(0); // num_ref_idx_l0_default_active_minus1
  w.ue(0); // num_ref_idx_l1_default_active_minus1
  w.u(1, 0); // weighted_pred_flag
  w.u(2, 0); // weighted_bipred_idc
  w.se(0); // pic_init_qp_minus26
  w.se(0); // pic_init_qs_minus26
  w.se(0); // chroma_qp_index_offset
  w.u(1, 1); // deblocking_filter_control_present_flag: the slices turn the filter off (nothing to smooth)
  w.u(1, 0); // constrained_intra_pred_flag
  w.u(1, 0); // redundant_pic_cnt_present_flag
  return nal(3, 8, w.finish());
}

/** The bar colour component at column x of a plane `planeWidth` wide. */
const barAt = (x: number, planeWidth: number, component: 0 | 1 | 2) => BARS[Math.floor((x * BARS.length) / planeWidth)][component];

/** The IDR picture: one I slice of I_PCM macroblocks (mb_type 25), each 256 luma then 64 Cb and 64 Cr samples. */
function idrSlice(): Uint8Array {
  const w = new BitWriter();
  w.ue(0); // first_mb_in_slice
  w.ue(7); // slice_type: I, as every slice of the picture
  w.ue(0); // pic_parameter_set_id
  w.u(LOG2_MAX_FRAME_NUM, 0); // frame_num
  w.ue(0); // idr_pic_id
  w.u(1, 0); // no_output_of_prior_pics_flag
  w.u(1, 0); // long_term_reference_flag
  w.se(0); // slice_qp_delta
  w.ue(1); // disable_deblocking_filter_idc
  for (let mb = 0; mb < MB_COUNT; mb++) {
    const mbX = (mb % MBS_WIDE) * MB;
    const mbY = Math.floor(mb / MBS_WIDE) * MB;
    w.ue(25); // mb_type I_PCM
    w.alignWithZeros(); // pcm_alignment_zero_bit
    for (let y = 0; y < MB; y++) {
      for (let x = 0; x < MB; x++) w.u(8, mbY + y < TINY_MP4.height ? barAt(mbX + x, TINY_MP4.width, 0) : 16);
    }
    for (const component of [1, 2] as const) {
      for (let y = 0; y < MB / 2; y++) {
        for (let x = 0; x < MB / 2; x++) w.u(8, barAt(mbX / 2 + x, TINY_MP4.width / 2, component));
      }
    }
  }
  return nal(3, 5, w.finish());
}

/** A P picture that skips every macroblock: the previous picture again, a few bytes. */
function skippedSlice(frameNum: number): Uint8Array {
  const w = new BitWriter();
  w.ue(0); // first_mb_in_slice
  w.ue(5); // slice_type: P, as every slice of the picture
  w.ue(0); // pic_parameter_set_id
  w.u(LOG2_MAX_FRAME_NUM, frameNum % (1 << LOG2_MAX_FRAME_NUM));
  w.u(1, 0); // num_ref_idx_active_override_flag
  w.u(1, 0); // ref_pic_list_modification_flag_l0
  w.u(1, 0); // adaptive_ref_pic_marking_mode_flag: sliding window
  w.se(0); // slice_qp_delta
  w.ue(1); // disable_deblocking_filter_idc
  w.ue(MB_COUNT); // mb_skip_run: all of them
  return nal(2, 1, w.finish());
}

const u8 = (n: number) => Uint8Array.of(n & 0xff);
const u16 = (n: number) => Uint8Array.of((n >>> 8) & 0xff, n & 0xff);
const u32 = (n: number) => Uint8Array.of((n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff);
const zeros = (n: number) => new Uint8Array(n);
const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

const concat = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

const box = (type: string, ...parts: Uint8Array[]) => {
  const body = concat(parts);
  return concat([u32(body.length + 8), ascii(type), body]);
};
const fullBox = (type: string, version: number, flags: number, ...parts: Uint8Array[]) =>
  box(type, u8(version), u8(flags >>> 16), u16(flags & 0xffff), ...parts);

/** The identity transformation matrix of mvhd and tkhd. */
const MATRIX = concat([0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000].map(u32));

/** The MP4: `seconds` of colour bars at `fps` frames a second. */
export function tinyMp4(opts: { seconds?: number; fps?: number } = {}): Uint8Array {
  const fps = opts.fps ?? 25;
  const frames = Math.max(1, Math.round((opts.seconds ?? 2) * fps));
  // ffmpeg's usual track timescale: a whole number of ticks per frame at common rates.
  const timescale = 12_800;
  const frameTicks = Math.round(timescale / fps);
  const movieTimescale = 1000;
  const durationMs = Math.round((frames * frameTicks * movieTimescale) / timescale);

  const sps = sequenceParameterSet();
  const pps = pictureParameterSet();
  // Samples are length-prefixed NAL units (avcC lengthSizeMinusOne = 3); the parameter sets live in avcC.
  const samples = Array.from({ length: frames }, (_, i) => (i === 0 ? idrSlice() : skippedSlice(i))).map((n) => concat([u32(n.length), n]));

  const avcC = box('avcC', u8(1), u8(PROFILE_BASELINE), u8(CONSTRAINT_FLAGS), u8(LEVEL_3), u8(0xff), u8(0xe1), u16(sps.length), sps, u8(1), u16(pps.length), pps);
  const compressorName = zeros(32);
  const avc1 = box(
    'avc1',
    zeros(6),
    u16(1), // data_reference_index
    zeros(16), // pre_defined, reserved
    u16(TINY_MP4.width),
    u16(TINY_MP4.height),
    u32(0x00480000), // 72 dpi
    u32(0x00480000),
    u32(0),
    u16(1), // frame_count
    compressorName,
    u16(0x0018), // depth
    u16(0xffff), // pre_defined -1
    avcC,
  );
  const stbl = (chunkOffset: number) =>
    box(
      'stbl',
      fullBox('stsd', 0, 0, u32(1), avc1),
      fullBox('stts', 0, 0, u32(1), u32(frames), u32(frameTicks)),
      fullBox('stss', 0, 0, u32(1), u32(1)),
      fullBox('stsc', 0, 0, u32(1), u32(1), u32(frames), u32(1)),
      fullBox('stsz', 0, 0, u32(0), u32(frames), ...samples.map((s) => u32(s.length))),
      fullBox('stco', 0, 0, u32(1), u32(chunkOffset)),
    );
  const moov = (chunkOffset: number) =>
    box(
      'moov',
      fullBox('mvhd', 0, 0, u32(0), u32(0), u32(movieTimescale), u32(durationMs), u32(0x00010000), u16(0x0100), zeros(10), MATRIX, zeros(24), u32(2)),
      box(
        'trak',
        fullBox('tkhd', 0, 3, u32(0), u32(0), u32(1), u32(0), u32(durationMs), zeros(8), u16(0), u16(0), u16(0), u16(0), MATRIX, u32(TINY_MP4.width << 16), u32(TINY_MP4.height << 16)),
        box(
          'mdia',
          fullBox('mdhd', 0, 0, u32(0), u32(0), u32(timescale), u32(frames * frameTicks), u16(0x55c4 /* und */), u16(0)),
          fullBox('hdlr', 0, 0, u32(0), ascii('vide'), zeros(12), ascii('VideoHandler\0')),
          box(
            'minf',
            fullBox('vmhd', 0, 1, zeros(8)),
            box('dinf', fullBox('dref', 0, 0, u32(1), fullBox('url ', 0, 1))),
            stbl(chunkOffset),
          ),
        ),
      ),
    );
  const ftyp = box('ftyp', ascii('isom'), u32(0x200), ascii('isomiso2avc1mp41'));
  // The moov's size does not depend on the offset it holds: measure it once, then write the real offset.
  const mdatStart = ftyp.length + moov(0).length;
  const mdat = box('mdat', ...samples);
  return concat([ftyp, moov(mdatStart + 8), mdat]);
}
