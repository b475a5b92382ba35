/*
 * camellia_tab.c - Camellia (RFC 3713), 32-bit table implementation.
 *
 * NOT constant-time: the F function indexes four 1 KB tables with bytes
 * of (data XOR round key), like table-driven AES, so cache timing can leak
 * the key. Tagged "tab", flags 0. Use it only where that is acceptable.
 *
 * Speed: each F function is eight lookups into tables that combine the
 * S-boxes with the P layer (RFC 3713 sections 2.4.4 and 2.4.1; the same
 * idea as the "SP" tables of NTT's code), derived as follows. Write the F
 * input as bytes t1..t8 (t1 the most significant of the left word). With
 * SPabcd[x] = the S-box output of x placed in the bytes marked non-zero,
 * the left four bytes contribute U to the left output word and
 * U ^ (U >>> 8) to the right one, and the right four bytes contribute the
 * same V to both, so
 *     U = SP1110[t1] ^ SP0222[t2] ^ SP3033[t3] ^ SP4404[t4]
 *     V = SP0222[t5] ^ SP3033[t6] ^ SP4404[t7] ^ SP1110[t8]
 *     F = (U ^ V, U ^ V ^ (U >>> 8)).
 * The tables were generated from SBOX1 of RFC 3713 section 2.4.4 with
 * SBOX2 = SBOX1 <<< 1, SBOX3 = SBOX1 <<< 7, SBOX4(x) = SBOX1(x <<< 1).
 *
 * One block is a serial chain of 18 or 24 F functions, so latency is what
 * counts: each F input is keyed from the old half before the F output
 * arrives, taking one XOR off the chain. (Measured here: a 64-bit-table
 * variant and balanced XOR trees were no faster; AES-NI S-box tricks only
 * pay for parallel modes, not for CBC encryption.)
 */
#include "internal.h"
#include "cipher/st32.h"
#include "ember/cipher.h"

static const uint32_t SP1110[256] = {
	0x70707000, 0x82828200, 0x2c2c2c00, 0xececec00, 0xb3b3b300, 0x27272700,
	0xc0c0c000, 0xe5e5e500, 0xe4e4e400, 0x85858500, 0x57575700, 0x35353500,
	0xeaeaea00, 0x0c0c0c00, 0xaeaeae00, 0x41414100, 0x23232300, 0xefefef00,
	0x6b6b6b00, 0x93939300, 0x45454500, 0x19191900, 0xa5a5a500, 0x21212100,
	0xededed00, 0x0e0e0e00, 0x4f4f4f00, 0x4e4e4e00, 0x1d1d1d00, 0x65656500,
	0x92929200, 0xbdbdbd00, 0x86868600, 0xb8b8b800, 0xafafaf00, 0x8f8f8f00,
	0x7c7c7c00, 0xebebeb00, 0x1f1f1f00, 0xcecece00, 0x3e3e3e00, 0x30303000,
	0xdcdcdc00, 0x5f5f5f00, 0x5e5e5e00, 0xc5c5c500, 0x0b0b0b00, 0x1a1a1a00,
	0xa6a6a600, 0xe1e1e100, 0x39393900, 0xcacaca00, 0xd5d5d500, 0x47474700,
	0x5d5d5d00, 0x3d3d3d00, 0xd9d9d900, 0x01010100, 0x5a5a5a00, 0xd6d6d600,
	0x51515100, 0x56565600, 0x6c6c6c00, 0x4d4d4d00, 0x8b8b8b00, 0x0d0d0d00,
	0x9a9a9a00, 0x66666600, 0xfbfbfb00, 0xcccccc00, 0xb0b0b000, 0x2d2d2d00,
	0x74747400, 0x12121200, 0x2b2b2b00, 0x20202000, 0xf0f0f000, 0xb1b1b100,
	0x84848400, 0x99999900, 0xdfdfdf00, 0x4c4c4c00, 0xcbcbcb00, 0xc2c2c200,
	0x34343400, 0x7e7e7e00, 0x76767600, 0x05050500, 0x6d6d6d00, 0xb7b7b700,
	0xa9a9a900, 0x31313100, 0xd1d1d100, 0x17171700, 0x04040400, 0xd7d7d700,
	0x14141400, 0x58585800, 0x3a3a3a00, 0x61616100, 0xdedede00, 0x1b1b1b00,
	0x11111100, 0x1c1c1c00, 0x32323200, 0x0f0f0f00, 0x9c9c9c00, 0x16161600,
	0x53535300, 0x18181800, 0xf2f2f200, 0x22222200, 0xfefefe00, 0x44444400,
	0xcfcfcf00, 0xb2b2b200, 0xc3c3c300, 0xb5b5b500, 0x7a7a7a00, 0x91919100,
	0x24242400, 0x08080800, 0xe8e8e800, 0xa8a8a800, 0x60606000, 0xfcfcfc00,
	0x69696900, 0x50505000, 0xaaaaaa00, 0xd0d0d000, 0xa0a0a000, 0x7d7d7d00,
	0xa1a1a100, 0x89898900, 0x62626200, 0x97979700, 0x54545400, 0x5b5b5b00,
	0x1e1e1e00, 0x95959500, 0xe0e0e000, 0xffffff00, 0x64646400, 0xd2d2d200,
	0x10101000, 0xc4c4c400, 0x00000000, 0x48484800, 0xa3a3a300, 0xf7f7f700,
	0x75757500, 0xdbdbdb00, 0x8a8a8a00, 0x03030300, 0xe6e6e600, 0xdadada00,
	0x09090900, 0x3f3f3f00, 0xdddddd00, 0x94949400, 0x87878700, 0x5c5c5c00,
	0x83838300, 0x02020200, 0xcdcdcd00, 0x4a4a4a00, 0x90909000, 0x33333300,
	0x73737300, 0x67676700, 0xf6f6f600, 0xf3f3f300, 0x9d9d9d00, 0x7f7f7f00,
	0xbfbfbf00, 0xe2e2e200, 0x52525200, 0x9b9b9b00, 0xd8d8d800, 0x26262600,
	0xc8c8c800, 0x37373700, 0xc6c6c600, 0x3b3b3b00, 0x81818100, 0x96969600,
	0x6f6f6f00, 0x4b4b4b00, 0x13131300, 0xbebebe00, 0x63636300, 0x2e2e2e00,
	0xe9e9e900, 0x79797900, 0xa7a7a700, 0x8c8c8c00, 0x9f9f9f00, 0x6e6e6e00,
	0xbcbcbc00, 0x8e8e8e00, 0x29292900, 0xf5f5f500, 0xf9f9f900, 0xb6b6b600,
	0x2f2f2f00, 0xfdfdfd00, 0xb4b4b400, 0x59595900, 0x78787800, 0x98989800,
	0x06060600, 0x6a6a6a00, 0xe7e7e700, 0x46464600, 0x71717100, 0xbababa00,
	0xd4d4d400, 0x25252500, 0xababab00, 0x42424200, 0x88888800, 0xa2a2a200,
	0x8d8d8d00, 0xfafafa00, 0x72727200, 0x07070700, 0xb9b9b900, 0x55555500,
	0xf8f8f800, 0xeeeeee00, 0xacacac00, 0x0a0a0a00, 0x36363600, 0x49494900,
	0x2a2a2a00, 0x68686800, 0x3c3c3c00, 0x38383800, 0xf1f1f100, 0xa4a4a400,
	0x40404000, 0x28282800, 0xd3d3d300, 0x7b7b7b00, 0xbbbbbb00, 0xc9c9c900,
	0x43434300, 0xc1c1c100, 0x15151500, 0xe3e3e300, 0xadadad00, 0xf4f4f400,
	0x77777700, 0xc7c7c700, 0x80808000, 0x9e9e9e00
};

static const uint32_t SP0222[256] = {
	0x00e0e0e0, 0x00050505, 0x00585858, 0x00d9d9d9, 0x00676767, 0x004e4e4e,
	0x00818181, 0x00cbcbcb, 0x00c9c9c9, 0x000b0b0b, 0x00aeaeae, 0x006a6a6a,
	0x00d5d5d5, 0x00181818, 0x005d5d5d, 0x00828282, 0x00464646, 0x00dfdfdf,
	0x00d6d6d6, 0x00272727, 0x008a8a8a, 0x00323232, 0x004b4b4b, 0x00424242,
	0x00dbdbdb, 0x001c1c1c, 0x009e9e9e, 0x009c9c9c, 0x003a3a3a, 0x00cacaca,
	0x00252525, 0x007b7b7b, 0x000d0d0d, 0x00717171, 0x005f5f5f, 0x001f1f1f,
	0x00f8f8f8, 0x00d7d7d7, 0x003e3e3e, 0x009d9d9d, 0x007c7c7c, 0x00606060,
	0x00b9b9b9, 0x00bebebe, 0x00bcbcbc, 0x008b8b8b, 0x00161616, 0x00343434,
	0x004d4d4d, 0x00c3c3c3, 0x00727272, 0x00959595, 0x00ababab, 0x008e8e8e,
	0x00bababa, 0x007a7a7a, 0x00b3b3b3, 0x00020202, 0x00b4b4b4, 0x00adadad,
	0x00a2a2a2, 0x00acacac, 0x00d8d8d8, 0x009a9a9a, 0x00171717, 0x001a1a1a,
	0x00353535, 0x00cccccc, 0x00f7f7f7, 0x00999999, 0x00616161, 0x005a5a5a,
	0x00e8e8e8, 0x00242424, 0x00565656, 0x00404040, 0x00e1e1e1, 0x00636363,
	0x00090909, 0x00333333, 0x00bfbfbf, 0x00989898, 0x00979797, 0x00858585,
	0x00686868, 0x00fcfcfc, 0x00ececec, 0x000a0a0a, 0x00dadada, 0x006f6f6f,
	0x00535353, 0x00626262, 0x00a3a3a3, 0x002e2e2e, 0x00080808, 0x00afafaf,
	0x00282828, 0x00b0b0b0, 0x00747474, 0x00c2c2c2, 0x00bdbdbd, 0x00363636,
	0x00222222, 0x00383838, 0x00646464, 0x001e1e1e, 0x00393939, 0x002c2c2c,
	0x00a6a6a6, 0x00303030, 0x00e5e5e5, 0x00444444, 0x00fdfdfd, 0x00888888,
	0x009f9f9f, 0x00656565, 0x00878787, 0x006b6b6b, 0x00f4f4f4, 0x00232323,
	0x00484848, 0x00101010, 0x00d1d1d1, 0x00515151, 0x00c0c0c0, 0x00f9f9f9,
	0x00d2d2d2, 0x00a0a0a0, 0x00555555, 0x00a1a1a1, 0x00414141, 0x00fafafa,
	0x00434343, 0x00131313, 0x00c4c4c4, 0x002f2f2f, 0x00a8a8a8, 0x00b6b6b6,
	0x003c3c3c, 0x002b2b2b, 0x00c1c1c1, 0x00ffffff, 0x00c8c8c8, 0x00a5a5a5,
	0x00202020, 0x00898989, 0x00000000, 0x00909090, 0x00474747, 0x00efefef,
	0x00eaeaea, 0x00b7b7b7, 0x00151515, 0x00060606, 0x00cdcdcd, 0x00b5b5b5,
	0x00121212, 0x007e7e7e, 0x00bbbbbb, 0x00292929, 0x000f0f0f, 0x00b8b8b8,
	0x00070707, 0x00040404, 0x009b9b9b, 0x00949494, 0x00212121, 0x00666666,
	0x00e6e6e6, 0x00cecece, 0x00ededed, 0x00e7e7e7, 0x003b3b3b, 0x00fefefe,
	0x007f7f7f, 0x00c5c5c5, 0x00a4a4a4, 0x00373737, 0x00b1b1b1, 0x004c4c4c,
	0x00919191, 0x006e6e6e, 0x008d8d8d, 0x00767676, 0x00030303, 0x002d2d2d,
	0x00dedede, 0x00969696, 0x00262626, 0x007d7d7d, 0x00c6c6c6, 0x005c5c5c,
	0x00d3d3d3, 0x00f2f2f2, 0x004f4f4f, 0x00191919, 0x003f3f3f, 0x00dcdcdc,
	0x00797979, 0x001d1d1d, 0x00525252, 0x00ebebeb, 0x00f3f3f3, 0x006d6d6d,
	0x005e5e5e, 0x00fbfbfb, 0x00696969, 0x00b2b2b2, 0x00f0f0f0, 0x00313131,
	0x000c0c0c, 0x00d4d4d4, 0x00cfcfcf, 0x008c8c8c, 0x00e2e2e2, 0x00757575,
	0x00a9a9a9, 0x004a4a4a, 0x00575757, 0x00848484, 0x00111111, 0x00454545,
	0x001b1b1b, 0x00f5f5f5, 0x00e4e4e4, 0x000e0e0e, 0x00737373, 0x00aaaaaa,
	0x00f1f1f1, 0x00dddddd, 0x00595959, 0x00141414, 0x006c6c6c, 0x00929292,
	0x00545454, 0x00d0d0d0, 0x00787878, 0x00707070, 0x00e3e3e3, 0x00494949,
	0x00808080, 0x00505050, 0x00a7a7a7, 0x00f6f6f6, 0x00777777, 0x00939393,
	0x00868686, 0x00838383, 0x002a2a2a, 0x00c7c7c7, 0x005b5b5b, 0x00e9e9e9,
	0x00eeeeee, 0x008f8f8f, 0x00010101, 0x003d3d3d
};

static const uint32_t SP3033[256] = {
	0x38003838, 0x41004141, 0x16001616, 0x76007676, 0xd900d9d9, 0x93009393,
	0x60006060, 0xf200f2f2, 0x72007272, 0xc200c2c2, 0xab00abab, 0x9a009a9a,
	0x75007575, 0x06000606, 0x57005757, 0xa000a0a0, 0x91009191, 0xf700f7f7,
	0xb500b5b5, 0xc900c9c9, 0xa200a2a2, 0x8c008c8c, 0xd200d2d2, 0x90009090,
	0xf600f6f6, 0x07000707, 0xa700a7a7, 0x27002727, 0x8e008e8e, 0xb200b2b2,
	0x49004949, 0xde00dede, 0x43004343, 0x5c005c5c, 0xd700d7d7, 0xc700c7c7,
	0x3e003e3e, 0xf500f5f5, 0x8f008f8f, 0x67006767, 0x1f001f1f, 0x18001818,
	0x6e006e6e, 0xaf00afaf, 0x2f002f2f, 0xe200e2e2, 0x85008585, 0x0d000d0d,
	0x53005353, 0xf000f0f0, 0x9c009c9c, 0x65006565, 0xea00eaea, 0xa300a3a3,
	0xae00aeae, 0x9e009e9e, 0xec00ecec, 0x80008080, 0x2d002d2d, 0x6b006b6b,
	0xa800a8a8, 0x2b002b2b, 0x36003636, 0xa600a6a6, 0xc500c5c5, 0x86008686,
	0x4d004d4d, 0x33003333, 0xfd00fdfd, 0x66006666, 0x58005858, 0x96009696,
	0x3a003a3a, 0x09000909, 0x95009595, 0x10001010, 0x78007878, 0xd800d8d8,
	0x42004242, 0xcc00cccc, 0xef00efef, 0x26002626, 0xe500e5e5, 0x61006161,
	0x1a001a1a, 0x3f003f3f, 0x3b003b3b, 0x82008282, 0xb600b6b6, 0xdb00dbdb,
	0xd400d4d4, 0x98009898, 0xe800e8e8, 0x8b008b8b, 0x02000202, 0xeb00ebeb,
	0x0a000a0a, 0x2c002c2c, 0x1d001d1d, 0xb000b0b0, 0x6f006f6f, 0x8d008d8d,
	0x88008888, 0x0e000e0e, 0x19001919, 0x87008787, 0x4e004e4e, 0x0b000b0b,
	0xa900a9a9, 0x0c000c0c, 0x79007979, 0x11001111, 0x7f007f7f, 0x22002222,
	0xe700e7e7, 0x59005959, 0xe100e1e1, 0xda00dada, 0x3d003d3d, 0xc800c8c8,
	0x12001212, 0x04000404, 0x74007474, 0x54005454, 0x30003030, 0x7e007e7e,
	0xb400b4b4, 0x28002828, 0x55005555, 0x68006868, 0x50005050, 0xbe00bebe,
	0xd000d0d0, 0xc400c4c4, 0x31003131, 0xcb00cbcb, 0x2a002a2a, 0xad00adad,
	0x0f000f0f, 0xca00caca, 0x70007070, 0xff00ffff, 0x32003232, 0x69006969,
	0x08000808, 0x62006262, 0x00000000, 0x24002424, 0xd100d1d1, 0xfb00fbfb,
	0xba00baba, 0xed00eded, 0x45004545, 0x81008181, 0x73007373, 0x6d006d6d,
	0x84008484, 0x9f009f9f, 0xee00eeee, 0x4a004a4a, 0xc300c3c3, 0x2e002e2e,
	0xc100c1c1, 0x01000101, 0xe600e6e6, 0x25002525, 0x48004848, 0x99009999,
	0xb900b9b9, 0xb300b3b3, 0x7b007b7b, 0xf900f9f9, 0xce00cece, 0xbf00bfbf,
	0xdf00dfdf, 0x71007171, 0x29002929, 0xcd00cdcd, 0x6c006c6c, 0x13001313,
	0x64006464, 0x9b009b9b, 0x63006363, 0x9d009d9d, 0xc000c0c0, 0x4b004b4b,
	0xb700b7b7, 0xa500a5a5, 0x89008989, 0x5f005f5f, 0xb100b1b1, 0x17001717,
	0xf400f4f4, 0xbc00bcbc, 0xd300d3d3, 0x46004646, 0xcf00cfcf, 0x37003737,
	0x5e005e5e, 0x47004747, 0x94009494, 0xfa00fafa, 0xfc00fcfc, 0x5b005b5b,
	0x97009797, 0xfe00fefe, 0x5a005a5a, 0xac00acac, 0x3c003c3c, 0x4c004c4c,
	0x03000303, 0x35003535, 0xf300f3f3, 0x23002323, 0xb800b8b8, 0x5d005d5d,
	0x6a006a6a, 0x92009292, 0xd500d5d5, 0x21002121, 0x44004444, 0x51005151,
	0xc600c6c6, 0x7d007d7d, 0x39003939, 0x83008383, 0xdc00dcdc, 0xaa00aaaa,
	0x7c007c7c, 0x77007777, 0x56005656, 0x05000505, 0x1b001b1b, 0xa400a4a4,
	0x15001515, 0x34003434, 0x1e001e1e, 0x1c001c1c, 0xf800f8f8, 0x52005252,
	0x20002020, 0x14001414, 0xe900e9e9, 0xbd00bdbd, 0xdd00dddd, 0xe400e4e4,
	0xa100a1a1, 0xe000e0e0, 0x8a008a8a, 0xf100f1f1, 0xd600d6d6, 0x7a007a7a,
	0xbb00bbbb, 0xe300e3e3, 0x40004040, 0x4f004f4f
};

static const uint32_t SP4404[256] = {
	0x70700070, 0x2c2c002c, 0xb3b300b3, 0xc0c000c0, 0xe4e400e4, 0x57570057,
	0xeaea00ea, 0xaeae00ae, 0x23230023, 0x6b6b006b, 0x45450045, 0xa5a500a5,
	0xeded00ed, 0x4f4f004f, 0x1d1d001d, 0x92920092, 0x86860086, 0xafaf00af,
	0x7c7c007c, 0x1f1f001f, 0x3e3e003e, 0xdcdc00dc, 0x5e5e005e, 0x0b0b000b,
	0xa6a600a6, 0x39390039, 0xd5d500d5, 0x5d5d005d, 0xd9d900d9, 0x5a5a005a,
	0x51510051, 0x6c6c006c, 0x8b8b008b, 0x9a9a009a, 0xfbfb00fb, 0xb0b000b0,
	0x74740074, 0x2b2b002b, 0xf0f000f0, 0x84840084, 0xdfdf00df, 0xcbcb00cb,
	0x34340034, 0x76760076, 0x6d6d006d, 0xa9a900a9, 0xd1d100d1, 0x04040004,
	0x14140014, 0x3a3a003a, 0xdede00de, 0x11110011, 0x32320032, 0x9c9c009c,
	0x53530053, 0xf2f200f2, 0xfefe00fe, 0xcfcf00cf, 0xc3c300c3, 0x7a7a007a,
	0x24240024, 0xe8e800e8, 0x60600060, 0x69690069, 0xaaaa00aa, 0xa0a000a0,
	0xa1a100a1, 0x62620062, 0x54540054, 0x1e1e001e, 0xe0e000e0, 0x64640064,
	0x10100010, 0x00000000, 0xa3a300a3, 0x75750075, 0x8a8a008a, 0xe6e600e6,
	0x09090009, 0xdddd00dd, 0x87870087, 0x83830083, 0xcdcd00cd, 0x90900090,
	0x73730073, 0xf6f600f6, 0x9d9d009d, 0xbfbf00bf, 0x52520052, 0xd8d800d8,
	0xc8c800c8, 0xc6c600c6, 0x81810081, 0x6f6f006f, 0x13130013, 0x63630063,
	0xe9e900e9, 0xa7a700a7, 0x9f9f009f, 0xbcbc00bc, 0x29290029, 0xf9f900f9,
	0x2f2f002f, 0xb4b400b4, 0x78780078, 0x06060006, 0xe7e700e7, 0x71710071,
	0xd4d400d4, 0xabab00ab, 0x88880088, 0x8d8d008d, 0x72720072, 0xb9b900b9,
	0xf8f800f8, 0xacac00ac, 0x36360036, 0x2a2a002a, 0x3c3c003c, 0xf1f100f1,
	0x40400040, 0xd3d300d3, 0xbbbb00bb, 0x43430043, 0x15150015, 0xadad00ad,
	0x77770077, 0x80800080, 0x82820082, 0xecec00ec, 0x27270027, 0xe5e500e5,
	0x85850085, 0x35350035, 0x0c0c000c, 0x41410041, 0xefef00ef, 0x93930093,
	0x19190019, 0x21210021, 0x0e0e000e, 0x4e4e004e, 0x65650065, 0xbdbd00bd,
	0xb8b800b8, 0x8f8f008f, 0xebeb00eb, 0xcece00ce, 0x30300030, 0x5f5f005f,
	0xc5c500c5, 0x1a1a001a, 0xe1e100e1, 0xcaca00ca, 0x47470047, 0x3d3d003d,
	0x01010001, 0xd6d600d6, 0x56560056, 0x4d4d004d, 0x0d0d000d, 0x66660066,
	0xcccc00cc, 0x2d2d002d, 0x12120012, 0x20200020, 0xb1b100b1, 0x99990099,
	0x4c4c004c, 0xc2c200c2, 0x7e7e007e, 0x05050005, 0xb7b700b7, 0x31310031,
	0x17170017, 0xd7d700d7, 0x58580058, 0x61610061, 0x1b1b001b, 0x1c1c001c,
	0x0f0f000f, 0x16160016, 0x18180018, 0x22220022, 0x44440044, 0xb2b200b2,
	0xb5b500b5, 0x91910091, 0x08080008, 0xa8a800a8, 0xfcfc00fc, 0x50500050,
	0xd0d000d0, 0x7d7d007d, 0x89890089, 0x97970097, 0x5b5b005b, 0x95950095,
	0xffff00ff, 0xd2d200d2, 0xc4c400c4, 0x48480048, 0xf7f700f7, 0xdbdb00db,
	0x03030003, 0xdada00da, 0x3f3f003f, 0x94940094, 0x5c5c005c, 0x02020002,
	0x4a4a004a, 0x33330033, 0x67670067, 0xf3f300f3, 0x7f7f007f, 0xe2e200e2,
	0x9b9b009b, 0x26260026, 0x37370037, 0x3b3b003b, 0x96960096, 0x4b4b004b,
	0xbebe00be, 0x2e2e002e, 0x79790079, 0x8c8c008c, 0x6e6e006e, 0x8e8e008e,
	0xf5f500f5, 0xb6b600b6, 0xfdfd00fd, 0x59590059, 0x98980098, 0x6a6a006a,
	0x46460046, 0xbaba00ba, 0x25250025, 0x42420042, 0xa2a200a2, 0xfafa00fa,
	0x07070007, 0x55550055, 0xeeee00ee, 0x0a0a000a, 0x49490049, 0x68680068,
	0x38380038, 0xa4a400a4, 0x28280028, 0x7b7b007b, 0xc9c900c9, 0xc1c100c1,
	0xe3e300e3, 0xf4f400f4, 0xc7c700c7, 0x9e9e009e
};


/* RFC 3713 section 2.2: Sigma1..Sigma6 as (high, low) 32-bit halves. */
static const uint32_t SIGMA[12] = {
	0xa09e667f, 0x3bcc908b, 0xb67ae858, 0x4caa73b2, 0xc6ef372f, 0xe94f82be,
	0x54ff53a5, 0xf1d36f1c, 0x10e527fa, 0xde682d1d, 0xb05688c2, 0xb3e6c1fd
};

/* The U ^ V and U of the F function for an already keyed input (il, ir). */
#define CAM_UV(il, ir, u, v)                                                           \
	do {                                                                           \
		u = SP1110[(il) >> 24] ^ SP0222[((il) >> 16) & 0xff] ^                \
		    SP3033[((il) >> 8) & 0xff] ^ SP4404[(il) & 0xff];                  \
		v = SP0222[(ir) >> 24] ^ SP3033[((ir) >> 16) & 0xff] ^                 \
		    SP4404[((ir) >> 8) & 0xff] ^ SP1110[(ir) & 0xff];                  \
		v ^= u;                                                                \
	} while (0)

/* (yl, yr) ^= F((xl, xr), (kl, kr)), RFC 3713 section 2.4.1 */
#define CAM_F(xl, xr, kl, kr, yl, yr)                                                  \
	do {                                                                           \
		uint32_t il_ = (xl) ^ (kl), ir_ = (xr) ^ (kr), u_, v_;                 \
		CAM_UV(il_, ir_, u_, v_);                                              \
		(yl) ^= v_;                                                            \
		(yr) ^= v_ ^ ember_rotr32(u_, 8);                                      \
	} while (0)

/* 128-bit value (4 words, big-endian word order) rotated left by n, 0 <= n < 128. */
static void rot128(uint32_t *out, const uint32_t *in, unsigned n)
{
	unsigned q = n / 32, r = n % 32, i;

	for (i = 0; i < 4; i++) {
		uint32_t a = in[(i + q) & 3], b = in[(i + q + 1) & 3];
		out[i] = r ? (a << r) | (b >> (32 - r)) : a;
	}
}

/*
 * The schedule is stored in order of use: kw1 kw2, six round keys, then per
 * FL layer ke(2i-1) ke(2i) and six round keys, then kw3 kw4; 64-bit
 * subkeys as (high, low) word pairs. The decryption schedule is the same
 * layout filled in reverse, so one routine runs both directions.
 */
static void expand(ember_camellia_ctx *c, const uint32_t *kl, const uint32_t *kr, int big)
{
	/* (source, rotation) of each 128-bit subkey pair, RFC 3713 section 2.3. */
	static const uint8_t sched128[][2] = {
		{ 0, 0 },   /* kw1 kw2 */
		{ 2, 0 },   /* k1 k2 */
		{ 0, 15 },  /* k3 k4 */
		{ 2, 15 },  /* k5 k6 */
		{ 2, 30 },  /* ke1 ke2 */
		{ 0, 45 },  /* k7 k8 */
		{ 4, 0 },   /* k9 k10: special, see below */
		{ 2, 60 },  /* k11 k12 */
		{ 0, 77 },  /* ke3 ke4 */
		{ 0, 94 },  /* k13 k14 */
		{ 2, 94 },  /* k15 k16 */
		{ 0, 111 }, /* k17 k18 */
		{ 2, 111 }, /* kw3 kw4 */
	};
	static const uint8_t sched256[][2] = {
		{ 0, 0 },   /* kw1 kw2 */
		{ 3, 0 },   /* k1 k2 */
		{ 1, 15 },  /* k3 k4 */
		{ 2, 15 },  /* k5 k6 */
		{ 1, 30 },  /* ke1 ke2 */
		{ 3, 30 },  /* k7 k8 */
		{ 0, 45 },  /* k9 k10 */
		{ 2, 45 },  /* k11 k12 */
		{ 0, 60 },  /* ke3 ke4 */
		{ 1, 60 },  /* k13 k14 */
		{ 3, 60 },  /* k15 k16 */
		{ 0, 77 },  /* k17 k18 */
		{ 2, 77 },  /* ke5 ke6 */
		{ 1, 94 },  /* k19 k20 */
		{ 2, 94 },  /* k21 k22 */
		{ 0, 111 }, /* k23 k24 */
		{ 3, 111 }, /* kw3 kw4 */
	};
	uint32_t k[4][4], t[4];
	uint32_t *ek = c->ek, *dk = c->dk;
	size_t n, i, j;
	int s;

	/* KA and KB, RFC 3713 section 2.2 */
	for (i = 0; i < 4; i++) {
		k[0][i] = kl[i];
		k[1][i] = kr[i];
		t[i] = kl[i] ^ kr[i];
	}
	CAM_F(t[0], t[1], SIGMA[0], SIGMA[1], t[2], t[3]);
	CAM_F(t[2], t[3], SIGMA[2], SIGMA[3], t[0], t[1]);
	for (i = 0; i < 4; i++)
		t[i] ^= kl[i];
	CAM_F(t[0], t[1], SIGMA[4], SIGMA[5], t[2], t[3]);
	CAM_F(t[2], t[3], SIGMA[6], SIGMA[7], t[0], t[1]);
	for (i = 0; i < 4; i++) {
		k[2][i] = t[i];
		t[i] ^= kr[i];
	}
	CAM_F(t[0], t[1], SIGMA[8], SIGMA[9], t[2], t[3]);
	CAM_F(t[2], t[3], SIGMA[10], SIGMA[11], t[0], t[1]);
	for (i = 0; i < 4; i++)
		k[3][i] = t[i];

	n = big ? sizeof(sched256) / 2 : sizeof(sched128) / 2;
	for (i = 0; i < n; i++) {
		const uint8_t *e = big ? sched256[i] : sched128[i];
		if (!big && e[0] == 4) {
			/* k9 = (KA <<< 45) high half, k10 = (KL <<< 60) low half */
			rot128(t, k[2], 45);
			ek[4 * i] = t[0];
			ek[4 * i + 1] = t[1];
			rot128(t, k[0], 60);
			ek[4 * i + 2] = t[2];
			ek[4 * i + 3] = t[3];
		} else {
			rot128(ek + 4 * i, k[e[0]], e[1]);
		}
	}
	/* Decryption: the 64-bit subkeys in reverse order, except that each
	 * whitening pair (kw) keeps its internal order (RFC 3713 2.4.2). */
	for (i = 0; i < 2 * n; i++) {
		j = 2 * n - 1 - i;
		dk[2 * i] = ek[2 * j];
		dk[2 * i + 1] = ek[2 * j + 1];
	}
	for (s = 0; s < 2; s++) {
		size_t a = s ? 2 * n - 2 : 0;
		uint32_t h = dk[2 * a], l = dk[2 * a + 1];
		dk[2 * a] = dk[2 * a + 2];
		dk[2 * a + 1] = dk[2 * a + 3];
		dk[2 * a + 2] = h;
		dk[2 * a + 3] = l;
	}
	c->grand = big ? 4 : 3;
	ember_wipe(k, sizeof(k));
	ember_wipe(t, sizeof(t));
}

int ember_camellia_set_key(ember_camellia_ctx *c, const uint8_t *key, size_t key_len)
{
	uint32_t kl[4], kr[4];
	size_t i;

	if (key_len != 16 && key_len != 24 && key_len != 32)
		return EMBER_EKEYLEN;
	for (i = 0; i < 4; i++) {
		kl[i] = ember_ld32be(key + 4 * i);
		kr[i] = 0;
	}
	if (key_len == 24) {
		kr[0] = ember_ld32be(key + 16);
		kr[1] = ember_ld32be(key + 20);
		kr[2] = ~kr[0];
		kr[3] = ~kr[1];
	} else if (key_len == 32) {
		for (i = 0; i < 4; i++)
			kr[i] = ember_ld32be(key + 16 + 4 * i);
	}
	expand(c, kl, kr, key_len != 16);
	ember_wipe(kl, sizeof(kl));
	ember_wipe(kr, sizeof(kr));
	return 0;
}

/*
 * One block in the words d0..d3, RFC 3713 section 2.4: whitening, 6-round
 * groups separated by FL / FLINV layers, whitening with the halves swapped
 * (the result is left in d2 d3 d0 d1). |k| is ek or dk. A macro so that
 * the block stays in registers inside the mode loops.
 */
#define CAM_BLOCK(kp, grand)                                                   \
	do {                                                                   \
		const uint32_t *k_ = (kp);                                     \
		uint32_t il_, ir_, nl_, nr_, u_, v_;                           \
		int g_, r_;                                                    \
		d0 ^= k_[0];                                                   \
		d1 ^= k_[1];                                                   \
		d2 ^= k_[2];                                                   \
		d3 ^= k_[3];                                                   \
		k_ += 4;                                                       \
		for (g_ = 0;; g_++) {                                          \
			il_ = d0 ^ k_[0];                                      \
			ir_ = d1 ^ k_[1];                                      \
			for (r_ = 0; r_ < 3; r_++) {                           \
				/* the next F input, keyed off the critical path */ \
				nl_ = d2 ^ k_[2];                              \
				nr_ = d3 ^ k_[3];                              \
				CAM_UV(il_, ir_, u_, v_);                      \
				d2 ^= v_;                                      \
				d3 ^= v_ ^ ember_rotr32(u_, 8);                \
				il_ = nl_ ^ v_;                                \
				ir_ = nr_ ^ v_ ^ ember_rotr32(u_, 8);          \
				if (r_ < 2) {                                  \
					nl_ = d0 ^ k_[4];                      \
					nr_ = d1 ^ k_[5];                      \
				}                                              \
				CAM_UV(il_, ir_, u_, v_);                      \
				d0 ^= v_;                                      \
				d1 ^= v_ ^ ember_rotr32(u_, 8);                \
				il_ = nl_ ^ v_;                                \
				ir_ = nr_ ^ v_ ^ ember_rotr32(u_, 8);          \
				k_ += 4;                                       \
			}                                                      \
			if (g_ == (grand)-1)                                   \
				break;                                         \
			/* FL left, FLINV right, RFC 3713 2.4.3 */             \
			d1 ^= ember_rotl32(d0 & k_[0], 1);                     \
			d0 ^= d1 | k_[1];                                      \
			d2 ^= d3 | k_[3];                                      \
			d3 ^= ember_rotl32(d2 & k_[2], 1);                     \
			k_ += 4;                                               \
		}                                                              \
		d2 ^= k_[0];                                                   \
		d3 ^= k_[1];                                                   \
		d0 ^= k_[2];                                                   \
		d1 ^= k_[3];                                                   \
	} while (0)

/*
 * Two independent blocks (d0..d3, e0..e3) interleaved, for ECB and CBC
 * decryption: the two F chains overlap, which a single block's cannot.
 */
#define CAM_BLOCK2(kp, grand)                                                  \
	do {                                                                   \
		const uint32_t *k_ = (kp);                                     \
		int g_, r_;                                                    \
		d0 ^= k_[0], d1 ^= k_[1], d2 ^= k_[2], d3 ^= k_[3];            \
		e0 ^= k_[0], e1 ^= k_[1], e2 ^= k_[2], e3 ^= k_[3];            \
		k_ += 4;                                                       \
		for (g_ = 0;; g_++) {                                          \
			for (r_ = 0; r_ < 3; r_++) {                           \
				CAM_F(d0, d1, k_[0], k_[1], d2, d3);           \
				CAM_F(e0, e1, k_[0], k_[1], e2, e3);           \
				CAM_F(d2, d3, k_[2], k_[3], d0, d1);           \
				CAM_F(e2, e3, k_[2], k_[3], e0, e1);           \
				k_ += 4;                                       \
			}                                                      \
			if (g_ == (grand)-1)                                   \
				break;                                         \
			d1 ^= ember_rotl32(d0 & k_[0], 1);                     \
			e1 ^= ember_rotl32(e0 & k_[0], 1);                     \
			d0 ^= d1 | k_[1];                                      \
			e0 ^= e1 | k_[1];                                      \
			d2 ^= d3 | k_[3];                                      \
			e2 ^= e3 | k_[3];                                      \
			d3 ^= ember_rotl32(d2 & k_[2], 1);                     \
			e3 ^= ember_rotl32(e2 & k_[2], 1);                     \
			k_ += 4;                                               \
		}                                                              \
		d2 ^= k_[0], d3 ^= k_[1], d0 ^= k_[2], d1 ^= k_[3];            \
		e2 ^= k_[0], e3 ^= k_[1], e0 ^= k_[2], e1 ^= k_[3];            \
	} while (0)

static void ecb(const uint32_t *k, int grand, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	for (; nblocks >= 2; nblocks -= 2, in += 32, out += 32) {
		uint32_t d0 = ember_ld32be(in), d1 = ember_ld32be(in + 4);
		uint32_t d2 = ember_ld32be(in + 8), d3 = ember_ld32be(in + 12);
		uint32_t e0 = ember_ld32be(in + 16), e1 = ember_ld32be(in + 20);
		uint32_t e2 = ember_ld32be(in + 24), e3 = ember_ld32be(in + 28);
		CAM_BLOCK2(k, grand);
		ember_cst32be(out, d2);
		ember_cst32be(out + 4, d3);
		ember_cst32be(out + 8, d0);
		ember_cst32be(out + 12, d1);
		ember_cst32be(out + 16, e2);
		ember_cst32be(out + 20, e3);
		ember_cst32be(out + 24, e0);
		ember_cst32be(out + 28, e1);
	}
	if (nblocks) {
		uint32_t d0 = ember_ld32be(in), d1 = ember_ld32be(in + 4);
		uint32_t d2 = ember_ld32be(in + 8), d3 = ember_ld32be(in + 12);
		CAM_BLOCK(k, grand);
		ember_cst32be(out, d2);
		ember_cst32be(out + 4, d3);
		ember_cst32be(out + 8, d0);
		ember_cst32be(out + 12, d1);
	}
}

void ember_camellia_ecb_encrypt(const ember_camellia_ctx *c, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	ecb(c->ek, c->grand, out, in, nblocks);
}

void ember_camellia_ecb_decrypt(const ember_camellia_ctx *c, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	ecb(c->dk, c->grand, out, in, nblocks);
}

void ember_camellia_cbc_encrypt(const ember_camellia_ctx *c, uint8_t *iv, uint8_t *out, const uint8_t *in,
    size_t nblocks)
{
	uint32_t v0 = ember_ld32be(iv), v1 = ember_ld32be(iv + 4), v2 = ember_ld32be(iv + 8), v3 = ember_ld32be(iv + 12);
	int grand = c->grand;

	for (; nblocks > 0; nblocks--, in += 16, out += 16) {
		uint32_t d0 = v0 ^ ember_ld32be(in), d1 = v1 ^ ember_ld32be(in + 4);
		uint32_t d2 = v2 ^ ember_ld32be(in + 8), d3 = v3 ^ ember_ld32be(in + 12);
		CAM_BLOCK(c->ek, grand);
		v0 = d2;
		v1 = d3;
		v2 = d0;
		v3 = d1;
		ember_cst32be(out, v0);
		ember_cst32be(out + 4, v1);
		ember_cst32be(out + 8, v2);
		ember_cst32be(out + 12, v3);
	}
	ember_cst32be(iv, v0);
	ember_cst32be(iv + 4, v1);
	ember_cst32be(iv + 8, v2);
	ember_cst32be(iv + 12, v3);
}

void ember_camellia_cbc_decrypt(const ember_camellia_ctx *c, uint8_t *iv, uint8_t *out, const uint8_t *in,
    size_t nblocks)
{
	uint32_t v0 = ember_ld32be(iv), v1 = ember_ld32be(iv + 4), v2 = ember_ld32be(iv + 8), v3 = ember_ld32be(iv + 12);
	int grand = c->grand;

	for (; nblocks >= 2; nblocks -= 2, in += 32, out += 32) {
		/* the ciphertext is kept before |out| (which may be |in|) is written */
		uint32_t x0 = ember_ld32be(in), x1 = ember_ld32be(in + 4);
		uint32_t x2 = ember_ld32be(in + 8), x3 = ember_ld32be(in + 12);
		uint32_t y0 = ember_ld32be(in + 16), y1 = ember_ld32be(in + 20);
		uint32_t y2 = ember_ld32be(in + 24), y3 = ember_ld32be(in + 28);
		uint32_t d0 = x0, d1 = x1, d2 = x2, d3 = x3, e0 = y0, e1 = y1, e2 = y2, e3 = y3;
		CAM_BLOCK2(c->dk, grand);
		ember_cst32be(out, d2 ^ v0);
		ember_cst32be(out + 4, d3 ^ v1);
		ember_cst32be(out + 8, d0 ^ v2);
		ember_cst32be(out + 12, d1 ^ v3);
		ember_cst32be(out + 16, e2 ^ x0);
		ember_cst32be(out + 20, e3 ^ x1);
		ember_cst32be(out + 24, e0 ^ x2);
		ember_cst32be(out + 28, e1 ^ x3);
		v0 = y0;
		v1 = y1;
		v2 = y2;
		v3 = y3;
	}
	for (; nblocks > 0; nblocks--, in += 16, out += 16) {
		uint32_t x0 = ember_ld32be(in), x1 = ember_ld32be(in + 4);
		uint32_t x2 = ember_ld32be(in + 8), x3 = ember_ld32be(in + 12);
		uint32_t d0 = x0, d1 = x1, d2 = x2, d3 = x3;
		CAM_BLOCK(c->dk, grand);
		ember_cst32be(out, d2 ^ v0);
		ember_cst32be(out + 4, d3 ^ v1);
		ember_cst32be(out + 8, d0 ^ v2);
		ember_cst32be(out + 12, d1 ^ v3);
		v0 = x0;
		v1 = x1;
		v2 = x2;
		v3 = x3;
	}
	ember_cst32be(iv, v0);
	ember_cst32be(iv + 4, v1);
	ember_cst32be(iv + 8, v2);
	ember_cst32be(iv + 12, v3);
}

void ember_camellia_clear(ember_camellia_ctx *c)
{
	ember_wipe(c, sizeof(*c));
}

/* ---- descriptor adapters ---- */

static int set_key(void *ctx, const uint8_t *key, size_t key_len, unsigned param)
{
	(void)param;
	return ember_camellia_set_key(ctx, key, key_len);
}

static void enc(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	ember_camellia_ecb_encrypt(ctx, out, in, nblocks);
}

static void dec(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	ember_camellia_ecb_decrypt(ctx, out, in, nblocks);
}

static void cbc_enc(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	ember_camellia_cbc_encrypt(ctx, iv, out, in, nblocks);
}

static void cbc_dec(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	ember_camellia_cbc_decrypt(ctx, iv, out, in, nblocks);
}

const ember_block_desc ember_camellia_tab_desc = {
	"camellia", "tab", 0, 16, 16, 32, sizeof(ember_camellia_ctx), NULL, set_key,
	enc, dec, cbc_enc, cbc_dec, NULL, NULL
};
