/** A D1 binding or a session opened on it: both prepare statements and run batches. */
export type D1Client = Pick<D1Database, "prepare" | "batch">;
