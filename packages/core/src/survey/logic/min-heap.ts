/** A min-heap of node indexes with set semantics, so the session recomputes each dirty node once, in order. */
export class IndexQueue {
  private readonly heap: number[] = [];
  private readonly queued: Uint8Array;

  constructor(size: number) {
    this.queued = new Uint8Array(size);
  }

  get size(): number {
    return this.heap.length;
  }

  push(index: number): void {
    if (this.queued[index]) return;
    this.queued[index] = 1;
    const heap = this.heap;
    let i = heap.length;
    heap.push(index);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const above = heap[parent] as number;
      if (above <= index) break;
      heap[i] = above;
      i = parent;
    }
    heap[i] = index;
  }

  pop(): number | undefined {
    const heap = this.heap;
    const top = heap[0];
    if (top === undefined) return undefined;
    this.queued[top] = 0;
    const last = heap.pop() as number;
    if (heap.length > 0) {
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= heap.length) break;
        const right = left + 1;
        const child = right < heap.length && (heap[right] as number) < (heap[left] as number) ? right : left;
        if ((heap[child] as number) >= last) break;
        heap[i] = heap[child] as number;
        i = child;
      }
      heap[i] = last;
    }
    return top;
  }
}
