// Scratch space for an export in the site's own bucket. The manifest, which comes first, carries
// every entry's SHA-256, so the rows are read once into the spool (hashing them on the way) and
// streamed from it after the manifest: one read of D1, memory bounded by one part, and the archive
// always matches its manifest however the site changes meanwhile.

/** Bytes held in memory before they go to the bucket as one part. */
export const SPOOL_PART_BYTES = 4 * 1024 * 1024;

/** Where an export's scratch parts live: no media key has this shape, so nothing serves them. */
export const SPOOL_PREFIX = ".cms-toolkit/export-";

/**
 * A write-once, read-once byte spool over R2: `write` appends, `finish` stores the last part,
 * `read` yields everything back in order and deletes each part once read, `discard` deletes what
 * is left (an export that stopped).
 *
 * @example
 * const spool = createArchiveSpool(env.MEDIA, crypto.randomUUID());
 * await spool.write(bytes); await spool.finish();
 * for await (const chunk of spool.read()) send(chunk);
 */
export function createArchiveSpool(bucket: R2Bucket, id: string) {
  const keys: string[] = [];
  let held: Uint8Array[] = [];
  let heldBytes = 0;
  const store = async () => {
    if (heldBytes === 0) return;
    const part = new Uint8Array(heldBytes);
    let at = 0;
    for (const chunk of held) {
      part.set(chunk, at);
      at += chunk.byteLength;
    }
    const key = `${SPOOL_PREFIX}${id}/${String(keys.length).padStart(6, "0")}`;
    await bucket.put(key, part);
    keys.push(key);
    held = [];
    heldBytes = 0;
  };
  return {
    async write(bytes: Uint8Array): Promise<void> {
      held.push(bytes);
      heldBytes += bytes.byteLength;
      if (heldBytes >= SPOOL_PART_BYTES) await store();
    },
    finish: store,
    async *read(): AsyncGenerator<Uint8Array> {
      while (keys.length > 0) {
        const key = keys[0]!;
        const object = await bucket.get(key);
        if (!object) throw new Error(`the export's scratch part ${key} is gone from the bucket`);
        yield new Uint8Array(await object.arrayBuffer());
        await bucket.delete(key);
        keys.shift();
      }
    },
    async discard(): Promise<void> {
      held = [];
      heldBytes = 0;
      if (keys.length > 0) await bucket.delete(keys.splice(0));
    },
  };
}

export type ArchiveSpool = ReturnType<typeof createArchiveSpool>;
