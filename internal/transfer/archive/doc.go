// Package archive reads and writes the container of Strapi's data-transfer
// archives, the files strapi export writes and strapi import reads. What
// the files inside mean is for other packages; this one only packs,
// unpacks and refuses what is unsafe to unpack.
//
// # The container, as Strapi writes it
//
// Strapi's local-file destination provider (data-transfer's
// file/providers/destination/index.ts and utils.ts) packs a tar with
// tar-stream, pipes it through gzip when compressing, then through the
// cipher when encrypting, and names the file <name>.tar, adding .gz, then
// .enc. Its entries are regular files, mode 0644, uid and gid 0, stamped
// with the time of writing, named with slashes, with no directory entries:
//
//	metadata.json
//	schemas/schemas_00001.jsonl
//	entities/entities_00001.jsonl
//	links/links_00001.jsonl
//	configuration/configuration_00001.jsonl
//	assets/metadata/<file>.json
//	assets/uploads/<file>
//
// A stage's JSON lines go to <dir>/<dir>_NNNNN.jsonl, numbered from 1 on
// five digits. The next file is begun before a line that would take the
// current one past maxSizeJsonl, 2.56e8 by default; a longer line fails
// the export; a stage without lines writes no file. Strapi's stringer puts
// a newline before every line but a stage's first, so its files end
// without one and those after the first begin with an empty line, which
// its reader (stream-json's jsonl parser) skips. Kiln ends every line
// with a newline, which that reader reads the same.
//
// Encryption (utils/encryption/encrypt.ts and decrypt.ts) is aes-128-ecb,
// no IV, PKCS#7 padding, under the 16-byte key Node's scryptSync(key, "",
// 16) derives: scrypt with N=16384, r=8, p=1 and an empty salt. The file
// has no header and no MAC, so a wrong key shows only as a gzip or tar
// header that does not parse, or as a bad padding at the end. Headers
// with a per-file salt have been drafted on Strapi's development line
// (magic "STRAPI2\x00", then "STRAPIEX"), which no release wrote when
// this was written; Open names them rather than blame the key.
//
// Strapi's import (file/providers/source/index.ts and utils.ts) decides
// by the name's extensions whether to decrypt and gunzip, then reads the
// whole file again for each stage (metadata, schemas, entities, links,
// configuration, assets), through tar's parser, keeping the regular files
// whose folder is the stage's and passing over every other entry.
//
// # What this package does
//
// Open tells gzip from tar by content; what is neither is taken as
// encrypted. It also opens an unpacked folder of the same layout, which
// newer Strapi writes too. Walk reads from the start on each call, as
// Strapi does per stage, so memory stays flat whatever the size. Where
// Strapi passes over links and devices, Walk refuses them, with paths
// that climb out, absolute paths, backslashes and NUL bytes: an import
// unpacks uploads to disk, and such an entry is there to be followed.
// Limits bound the bytes, the compression ratio, the entries and the
// length of a JSON line (ReadLines), against archives made to exhaust the
// importer. Create writes what Strapi writes, and what its import reads.
package archive
