import type { Readable } from 'node:stream';

/**
 * Where an image process finds a staged upload: its file, and the key and counter block that
 * decipher it (AES-256-CTR). The key exists only in the server's memory and the messages it
 * sends its image processes, so the file alone is unreadable (ADR 0019, amended).
 */
export interface StagedFileRef {
  readonly path: string;
  readonly key: Uint8Array;
  readonly iv: Uint8Array;
}

/**
 * An uploaded file kept out of the server's memory from the moment it arrives until it is used:
 * a waiting upload costs disk, not RAM, however many wait.
 */
export interface UploadedFile {
  /** Its length in bytes. */
  readonly size: number;
  /** The SHA-256 of its bytes (hex), taken as they streamed in: naming it needs no read. */
  readonly sha256: string;
  readonly ref: StagedFileRef;
  /** Its bytes, read back and deciphered. */
  bytes(): Promise<Buffer>;
  /** Removes the file; safe to call twice. */
  discard(): Promise<void>;
}

/** Takes an upload's bytes as they stream in. */
export interface FileStager {
  /** Stages everything `source` yields; on any failure nothing is left behind. */
  stage(source: Readable): Promise<UploadedFile>;
}
