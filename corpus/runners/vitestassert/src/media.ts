export interface MediaType {
  type: string;
  subtype: string;
  parameters: Record<string, string>;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Parses `type/subtype; key=value`; throws a TypeError on a malformed header. */
export function parse(header: string): MediaType {
  const [head, ...params] = header.split(";");
  const slash = head.indexOf("/");
  const type = head.slice(0, slash).trim().toLowerCase();
  const subtype = head.slice(slash + 1).trim().toLowerCase();
  if (slash < 0 || !TOKEN.test(type) || !TOKEN.test(subtype)) {
    throw new TypeError(`invalid media type: ${header}`);
  }
  const parameters: Record<string, string> = {};
  for (const p of params) {
    const eq = p.indexOf("=");
    const key = p.slice(0, eq).trim().toLowerCase();
    const value = p.slice(eq + 1).trim();
    if (eq < 0 || key.length === 0 || !TOKEN.test(key)) {
      throw new TypeError(`invalid parameter: ${p}`);
    }
    parameters[key] = value;
  }
  return { type, subtype, parameters };
}

/** Whether `actual` matches `expected`, where `*` stands for any type or subtype. */
export function matches(actual: MediaType, expected: string): boolean {
  const [type, subtype] = expected.toLowerCase().split("/");
  return (
    (type === "*" || type === actual.type) &&
    (subtype === "*" || subtype === actual.subtype || subtype.endsWith("+" + actual.subtype))
  );
}
