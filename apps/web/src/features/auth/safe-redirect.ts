/** Where to go after sign-in: only a path inside this app, never another site or the sign-in page. */
export function safeRedirect(target: unknown): string {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//')) return '/';
  if (target.includes('\\') || /^\/(sign-in|login)(?=$|[/?#])/.test(target)) return '/';
  return target;
}
