/** argon2id through Bun.password. The dummy hash makes a miss cost the same as a wrong password. */
let dummyHash: Promise<string> | null = null;

export function hashPassword(password: string): Promise<string> {
  return Bun.password.hash(password, { algorithm: "argon2id" });
}

export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword("not-a-real-password");
    await Bun.password.verify(password, await dummyHash).catch(() => false);
    return false;
  }
  return Bun.password.verify(password, hash).catch(() => false);
}
