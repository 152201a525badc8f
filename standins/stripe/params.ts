import { invalidRequest, missingParam } from './stripeErrors.js';

/**
 * Reading a request's parameters (form body or query string, already parsed by `qs` from
 * Stripe's bracket notation) the way Stripe checks them: unknown parameters are refused,
 * integers and booleans must parse, enums must match, with Stripe's messages and `param`.
 */
type Raw = Record<string, unknown>;

const isObject = (value: unknown): value is Raw =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export class Params {
  constructor(
    private readonly data: Raw,
    private readonly path = '',
  ) {}

  /** Refuses any parameter outside `allowed` (and `expand`, accepted everywhere at the top). */
  static of(data: unknown, allowed: readonly string[]): Params {
    const raw = isObject(data) ? data : {};
    for (const key of Object.keys(raw)) {
      if (key !== 'expand' && !allowed.includes(key))
        throw invalidRequest(`Received unknown parameter: ${key}`, key, 'parameter_unknown');
    }
    return new Params(raw);
  }

  name(key: string): string {
    return this.path ? `${this.path}[${key}]` : key;
  }

  has(key: string): boolean {
    return this.data[key] !== undefined;
  }

  raw(key: string): unknown {
    return this.data[key];
  }

  /** Only these keys may appear in this nested hash. */
  only(allowed: readonly string[]): this {
    for (const key of Object.keys(this.data)) {
      if (!allowed.includes(key)) {
        const name = this.name(key);
        throw invalidRequest(`Received unknown parameter: ${name}`, name, 'parameter_unknown');
      }
    }
    return this;
  }

  string(key: string, options: { max?: number } = {}): string | undefined {
    const value = this.data[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string')
      throw invalidRequest(`Invalid string: ${this.name(key)}`, this.name(key));
    if (value.length > (options.max ?? 5000))
      throw invalidRequest(
        `Invalid string: ${value.slice(0, 20)}...; must be at most ${options.max ?? 5000} characters`,
        this.name(key),
      );
    return value;
  }

  requiredString(key: string, options: { max?: number } = {}): string {
    const value = this.string(key, options);
    if (value === undefined || value === '') throw missingParam(this.name(key));
    return value;
  }

  /** '' clears a nullable field, as in Stripe. */
  nullableString(key: string, options: { max?: number } = {}): string | null | undefined {
    const value = this.string(key, options);
    return value === '' ? null : value;
  }

  oneOf<T extends string>(key: string, values: readonly T[]): T | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (!(values as readonly string[]).includes(value))
      throw invalidRequest(
        `Invalid ${this.name(key)}: must be one of ${values.join(', ')}`,
        this.name(key),
      );
    return value as T;
  }

  boolean(key: string): boolean | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (value === 'true') return true;
    if (value === 'false') return false;
    throw invalidRequest(`Invalid boolean: ${value}`, this.name(key));
  }

  integer(key: string, range: { min?: number; max?: number } = {}): number | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    const number = Number(value);
    if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(number))
      throw invalidRequest(
        `Invalid integer: ${value}`,
        this.name(key),
        'parameter_invalid_integer',
      );
    if (range.min !== undefined && number < range.min)
      throw invalidRequest(
        `This value must be greater than or equal to ${range.min}.`,
        this.name(key),
      );
    if (range.max !== undefined && number > range.max)
      throw invalidRequest(
        `This value must be less than or equal to ${range.max}.`,
        this.name(key),
      );
    return number;
  }

  object(key: string): Params | undefined {
    const value = this.data[key];
    if (value === undefined || value === '') return undefined;
    if (!isObject(value)) throw invalidRequest(`Invalid object: ${this.name(key)}`, this.name(key));
    return new Params(value, this.name(key));
  }

  /** `items[0][price]=...` arrives as an array, or as an object with index keys past qs's limit. */
  array(key: string): Params[] | undefined {
    const value = this.data[key];
    if (value === undefined || value === '') return undefined;
    const entries = Array.isArray(value)
      ? value
      : isObject(value) && Object.keys(value).every((index) => /^\d+$/.test(index))
        ? Object.keys(value)
            .sort((a, b) => Number(a) - Number(b))
            .map((index) => value[index])
        : undefined;
    if (!entries) throw invalidRequest(`Invalid array: ${this.name(key)}`, this.name(key));
    return entries.map((entry, index) => {
      if (!isObject(entry))
        throw invalidRequest(
          `Invalid object: ${this.name(key)}[${index}]`,
          `${this.name(key)}[${index}]`,
        );
      return new Params(entry, `${this.name(key)}[${index}]`);
    });
  }

  stringList(key: string, max = 100): string[] | undefined {
    const value = this.data[key];
    if (value === undefined || value === '') return undefined;
    const list = Array.isArray(value) ? value : isObject(value) ? Object.values(value) : [value];
    if (list.length > max || !list.every((item): item is string => typeof item === 'string'))
      throw invalidRequest(`Invalid array: ${this.name(key)}`, this.name(key));
    return list;
  }

  /**
   * Metadata as Stripe takes it: at most 50 keys of up to 40 characters, values up to 500;
   * a key set to '' is removed, and `metadata=''` clears them all (answered as null here).
   */
  metadata(key = 'metadata'): Record<string, string> | null | undefined {
    const value = this.data[key];
    if (value === undefined) return undefined;
    if (value === '') return null;
    if (!isObject(value))
      throw invalidRequest(`Invalid metadata: ${this.name(key)}`, this.name(key));
    const entries = Object.entries(value);
    if (entries.length > 50)
      throw invalidRequest('Invalid metadata: metadata can have at most 50 keys.', this.name(key));
    for (const [name, text] of entries) {
      if (name.length > 40)
        throw invalidRequest(
          `Metadata key too long: ${name.slice(0, 20)}... (at most 40 characters)`,
          `${this.name(key)}[${name}]`,
        );
      if (typeof text !== 'string' || text.length > 500)
        throw invalidRequest(
          'Invalid metadata: values must be strings of at most 500 characters.',
          `${this.name(key)}[${name}]`,
        );
    }
    return Object.fromEntries(entries) as Record<string, string>;
  }

  expand(): string[] {
    return this.stringList('expand', 20) ?? [];
  }
}

/** Applies given metadata onto the stored one: '' values remove keys, null clears all. */
export function mergeMetadata(
  current: Record<string, string>,
  given: Record<string, string> | null | undefined,
): Record<string, string> {
  if (given === undefined) return current;
  if (given === null) return {};
  const merged = { ...current };
  for (const [key, value] of Object.entries(given)) {
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
