import type { Socket } from 'node:net';

/** Where a socket's output stands: the bytes whose writes completed, and what the kernel has yet to take of the write in flight. */
export interface OutputMark {
  readonly completed: number;
  readonly unsent: number;
}

/** libuv's own count of a stream's bytes handed to it and not yet taken by the kernel (Node's `writeQueueSize`, on every TCP handle). */
interface StreamHandle {
  readonly writeQueueSize?: number;
}

/**
 * The socket's output mark, or undefined when it has nothing waiting (all it was given went to the
 * kernel). `bytesWritten` counts what was given, `writableLength` what is not completed yet, so
 * their difference only grows as writes complete; within one large write (an answer of megabytes is
 * one chunk) libuv's queue shrinks as the kernel takes it. A reader that takes nothing moves neither.
 */
export function outputMark(socket: Socket): OutputMark | undefined {
  if (socket.writableLength === 0) return undefined;
  const handle = (socket as unknown as { _handle?: StreamHandle | null })._handle;
  return { completed: socket.bytesWritten - socket.writableLength, unsent: handle?.writeQueueSize ?? 0 };
}

/** Whether the output moved from `before` to `now`. */
export const moved = (before: OutputMark, now: OutputMark): boolean => now.completed > before.completed || (now.completed === before.completed && now.unsent < before.unsent);
