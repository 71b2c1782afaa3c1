// Waiting for a condition, bounded by a time the profile states: never a fixed sleep. Reads again at
// short, growing intervals until the condition holds or the time is up, and returns the last reading.
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, withinMs: number): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (let pause = 20; ; pause = Math.min(pause * 2, 250)) {
    const value = await read();
    const left = deadline - Date.now();
    if (done(value) || left <= 0) return value;
    await new Promise((resolve) => setTimeout(resolve, Math.min(pause, left)));
  }
}
