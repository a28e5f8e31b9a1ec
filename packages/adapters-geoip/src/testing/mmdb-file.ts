import { isIPv4, isIPv6 } from 'node:net';

// A writer of MaxMind DB files (format 2.0, https://maxmind.github.io/MaxMind-DB/) small enough for
// tests: no package on the registry writes them from Node, and a test must make its own database
// rather than download one. An IPv6 tree with 24-bit records; IPv4 networks sit at ::a.b.c.d/96+n,
// where readers look for them. Networks must not overlap.

/** A value of the data section. */
export type MmdbValue = string | number | bigint | boolean | readonly MmdbValue[] | { readonly [key: string]: MmdbValue };

/** A network (CIDR, IPv4 or IPv6) and the record a lookup of any of its addresses answers. */
export interface MmdbNetwork {
  readonly network: string;
  readonly data: { readonly [key: string]: MmdbValue };
}

export interface MmdbOptions {
  /** The metadata's database_type (GeoLite2-Country, GeoIP2-City, ...). */
  readonly databaseType: string;
  readonly buildEpoch?: Date;
  readonly description?: string;
  /** 6 (the default): an IPv6 tree holding IPv4 at ::a.b.c.d; 4: an IPv4-only tree (IPv6 networks refused). */
  readonly ipVersion?: 4 | 6;
}

const RECORD_BYTES = 3;
const DATA_SEPARATOR = 16;
const METADATA_MARKER = Buffer.from([0xab, 0xcd, 0xef, ...Buffer.from('MaxMind.com')]);

/** The control byte(s) of a field: its type and size (types above 7 are extended). */
function control(type: number, size: number): Buffer {
  const sizeBytes =
    size < 29 ? [] : size < 285 ? [size - 29] : size < 65_821 ? [(size - 285) >> 8, (size - 285) & 0xff] : [((size - 65_821) >> 16) & 0xff, ((size - 65_821) >> 8) & 0xff, (size - 65_821) & 0xff];
  const sizeBits = size < 29 ? size : size < 285 ? 29 : size < 65_821 ? 30 : 31;
  const head = type <= 7 ? [(type << 5) | sizeBits] : [sizeBits, type - 7];
  return Buffer.from([...head, ...sizeBytes]);
}

/** An unsigned integer in as few big-endian bytes as it needs. */
function unsigned(type: number, value: bigint): Buffer {
  const bytes: number[] = [];
  for (let v = value; v > 0n; v >>= 8n) bytes.unshift(Number(v & 0xffn));
  return Buffer.concat([control(type, bytes.length), Buffer.from(bytes)]);
}

/** The encoding of one value of the data section. */
export function encodeValue(value: MmdbValue): Buffer {
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([control(2, text.length), text]);
  }
  if (typeof value === 'boolean') return control(14, value ? 1 : 0);
  if (typeof value === 'bigint') return unsigned(9, value);
  if (typeof value === 'number') {
    if (Number.isInteger(value) && value >= 0 && value < 2 ** 32) return unsigned(6, BigInt(value));
    const double = Buffer.alloc(8);
    double.writeDoubleBE(value);
    return Buffer.concat([control(3, 8), double]);
  }
  if (Array.isArray(value)) return Buffer.concat([control(11, value.length), ...value.map(encodeValue)]);
  const entries = Object.entries(value as { readonly [key: string]: MmdbValue });
  return Buffer.concat([control(7, entries.length), ...entries.flatMap(([k, v]) => [encodeValue(k), encodeValue(v)])]);
}

/** The bits of a network's address in a tree of `ipVersion` (IPv4 as ::a.b.c.d in an IPv6 one) and its prefix length there. */
function bitsOf(cidr: string, ipVersion: 4 | 6): { bits: number[]; prefix: number } {
  const [address = '', length = ''] = cidr.split('/');
  const v4 = isIPv4(address);
  if (!v4 && !isIPv6(address)) throw new Error(`not a network: ${cidr}`);
  if (!v4 && ipVersion === 4) throw new Error(`${cidr}: an IPv4 database holds no IPv6 network`);
  const inV6 = v4 && ipVersion === 6;
  const prefix = Number(length) + (inV6 ? 96 : 0);
  const bytes = v4 ? [...new Array<number>(inV6 ? 12 : 0).fill(0), ...address.split('.').map(Number)] : ipv6Bytes(address);
  return { bits: bytes.flatMap((b) => [7, 6, 5, 4, 3, 2, 1, 0].map((i) => (b >> i) & 1)), prefix };
}

function ipv6Bytes(address: string): number[] {
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16)));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all = [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
  return all.flatMap((g) => [g >> 8, g & 0xff]);
}

interface TreeNode {
  readonly children: [TreeNode | number | undefined, TreeNode | number | undefined];
  index?: number;
}

/** A MaxMind DB file whose lookups answer each network's data. */
export function mmdbFile(networks: readonly MmdbNetwork[], options: MmdbOptions): Buffer {
  const data: Buffer[] = [];
  let dataSize = 0;
  const root: TreeNode = { children: [undefined, undefined] };
  for (const { network, data: record } of networks) {
    const encoded = encodeValue(record);
    const offset = dataSize;
    data.push(encoded);
    dataSize += encoded.length;
    const { bits, prefix } = bitsOf(network, options.ipVersion ?? 6);
    let node = root;
    for (let depth = 0; depth < prefix - 1; depth++) {
      const bit = bits[depth] as 0 | 1;
      const next = node.children[bit];
      if (typeof next === 'number') throw new Error(`${network} overlaps another network`);
      if (next === undefined) {
        const child: TreeNode = { children: [undefined, undefined] };
        node.children[bit] = child;
        node = child;
      } else node = next;
    }
    node.children[bits[prefix - 1] as 0 | 1] = offset;
  }
  const nodes: TreeNode[] = [];
  const number = (node: TreeNode) => {
    node.index = nodes.push(node) - 1;
    for (const child of node.children) if (typeof child === 'object') number(child);
  };
  number(root);
  const nodeCount = nodes.length;
  const tree = Buffer.alloc(nodeCount * 2 * RECORD_BYTES);
  nodes.forEach((node, i) => {
    node.children.forEach((child, side) => {
      const value = child === undefined ? nodeCount : typeof child === 'number' ? nodeCount + DATA_SEPARATOR + child : (child.index ?? 0);
      tree.writeUIntBE(value, (i * 2 + side) * RECORD_BYTES, RECORD_BYTES);
    });
  });
  const metadata = encodeValue({
    node_count: nodeCount,
    record_size: 24,
    ip_version: options.ipVersion ?? 6,
    database_type: options.databaseType,
    languages: ['en'],
    binary_format_major_version: 2,
    binary_format_minor_version: 0,
    build_epoch: BigInt(Math.floor((options.buildEpoch ?? new Date()).getTime() / 1000)),
    description: { en: options.description ?? `${options.databaseType} written for tests` },
  });
  return Buffer.concat([tree, Buffer.alloc(DATA_SEPARATOR), ...data, METADATA_MARKER, metadata]);
}
