/**
 * Tax identification numbers (issue 30, decision 060): the shape of a VAT number, GB VAT number or
 * US EIN for its country, and the check digits where the country publishes an algorithm, so a typo
 * is caught when it is typed rather than on an invoice the tax office refuses.
 *
 * An id with an EU (or GB) country prefix ("DE136695976") is checked as that country's VAT number;
 * one without a prefix is checked against the country it belongs to (the hotel's), when we know
 * that country's format. Countries we know no format of accept any id of the general shape.
 */

/** Spaces, dots, dashes and slashes people type between the groups of digits. */
const SEPARATORS = /[\s./-]/g;

/** A tax id as compared and checked: separators removed, upper case. */
export function normalizeTaxId(text: string): string {
  return text.replace(SEPARATORS, "").toUpperCase();
}

interface VatRule {
  /** The country's name as a person reads it in a message ("German"). */
  adjective: string;
  /** The number after the prefix. */
  shape: RegExp;
  /** What the number after the prefix looks like, for the message. */
  shapeText: string;
  /** The check digits hold (the shape already matched); absent: no published check. */
  check?: (body: string) => boolean;
  /** Where the holder finds the number, for the message. */
  document: string;
}

const digits = (text: string) => [...text].map(Number);

/** Germany: ISO 7064 MOD 11,10 over the first eight digits. */
function germanCheck(body: string): boolean {
  const d = digits(body);
  let product = 10;
  for (let i = 0; i < 8; i++) {
    let sum = (d[i]! + product) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  const check = (11 - product) % 10;
  return check === d[8];
}

/** France: the two-digit key is (12 + 3 × (SIREN mod 97)) mod 97; a key with letters (newer numbers) has no published check. */
function frenchCheck(body: string): boolean {
  const key = body.slice(0, 2);
  if (!/^\d\d$/.test(key)) return true;
  const siren = Number(body.slice(2));
  return Number(key) === (12 + 3 * (siren % 97)) % 97;
}

/** Italy: the Luhn check over the eleven digits (the partita IVA). */
function italianCheck(body: string): boolean {
  const d = digits(body);
  let sum = 0;
  for (let i = 0; i < 11; i++) {
    let v = d[i]!;
    if (i % 2 === 1) {
      v *= 2;
      if (v > 9) v -= 9;
    }
    sum += v;
  }
  return sum % 10 === 0;
}

const NIF_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE";

/** Spain: a DNI or NIE (number mod 23 gives the letter) or a company's CIF (a Luhn-like control digit or letter). */
function spanishCheck(body: string): boolean {
  const first = body[0]!;
  const last = body[8]!;
  if (/\d/.test(first) || "XYZ".includes(first)) {
    const number = Number(("XYZ".includes(first) ? String("XYZ".indexOf(first)) : first) + body.slice(1, 8));
    return last === NIF_LETTERS[number % 23];
  }
  if ("KLM".includes(first)) return last === NIF_LETTERS[Number(body.slice(1, 8)) % 23];
  const d = digits(body.slice(1, 8));
  let sum = 0;
  d.forEach((v, i) => {
    if (i % 2 === 1) sum += v;
    else {
      const doubled = v * 2;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    }
  });
  const control = (10 - (sum % 10)) % 10;
  return last === String(control) || last === "JABCDEFGHI"[control];
}

/** Netherlands: the older mod 11 number (weights 9..2, the ninth digit) or, since 2020, mod 97 over "NL" + the number. */
function dutchCheck(body: string): boolean {
  const d = digits(body.slice(0, 9));
  const weighted = d.slice(0, 8).reduce((sum, v, i) => sum + v * (9 - i), 0);
  if (weighted % 11 === d[8] && weighted % 11 !== 10) return true;
  // N = 23, L = 21, B = 11 in the mod 97 check (letters as 10 + their place in the alphabet).
  const numeric = `2321${body.slice(0, 9)}11${body.slice(10)}`;
  return BigInt(numeric) % 97n === 1n;
}

/** Belgium: 97 minus the first eight digits mod 97 gives the last two. */
function belgianCheck(body: string): boolean {
  return 97 - (Number(body.slice(0, 8)) % 97) === Number(body.slice(8));
}

/** Austria: "U" and eight digits; weights 1, 2, 1, 2... on seven digits (products' digits summed), check (96 − sum) mod 10. */
function austrianCheck(body: string): boolean {
  const d = digits(body.slice(1));
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const v = d[i]! * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(v / 10) + (v % 10);
  }
  return (96 - sum) % 10 === d[7];
}

/** Portugal: weights 9..2 on eight digits; the ninth is 11 − sum mod 11 (0 when that is 10 or 11). */
function portugueseCheck(body: string): boolean {
  const d = digits(body);
  const sum = d.slice(0, 8).reduce((total, v, i) => total + v * (9 - i), 0);
  const check = 11 - (sum % 11);
  return (check >= 10 ? 0 : check) === d[8];
}

/** United Kingdom: weights 8..2 on seven digits plus the last two as a number is 0 mod 97, or 0 mod 97 after adding 55 (numbers since 2010). */
function britishCheck(body: string): boolean {
  if (!/^\d{9}(\d{3})?$/.test(body)) return true; // GD / HA government and health numbers: no check
  const d = digits(body.slice(0, 9));
  const weighted = d.slice(0, 7).reduce((sum, v, i) => sum + v * (8 - i), 0);
  const total = weighted + Number(body.slice(7, 9));
  return total % 97 === 0 || (total + 55) % 97 === 0;
}

/** The VAT number formats we check, by the prefix printed before them (ISO country code; Greece is EL). */
const VAT_RULES: Readonly<Record<string, VatRule>> = {
  DE: {
    adjective: "German",
    shape: /^[1-9]\d{8}$/,
    shapeText: "DE followed by 9 digits",
    check: germanCheck,
    document: "the VAT certificate (Bestätigung der USt-IdNr.)",
  },
  FR: {
    adjective: "French",
    shape: /^[0-9A-HJ-NP-Z]{2}\d{9}$/,
    shapeText: "FR followed by a 2-character key and the 9-digit SIREN",
    check: frenchCheck,
    document: "the company's Kbis extract or a recent invoice",
  },
  IT: {
    adjective: "Italian",
    shape: /^\d{11}$/,
    shapeText: "IT followed by the 11-digit partita IVA",
    check: italianCheck,
    document: "the VAT registration certificate (attribuzione partita IVA)",
  },
  ES: {
    adjective: "Spanish",
    shape: /^[0-9A-Z]\d{7}[0-9A-Z]$/,
    shapeText: "ES followed by 9 characters (the NIF: a letter or digit, 7 digits, a letter or digit)",
    check: spanishCheck,
    document: "the NIF card or the tax office's registration",
  },
  NL: {
    adjective: "Dutch",
    shape: /^\d{9}B\d{2}$/,
    shapeText: "NL followed by 9 digits, B and 2 digits",
    check: dutchCheck,
    document: "the letter from the Belastingdienst",
  },
  BE: {
    adjective: "Belgian",
    shape: /^[01]\d{9}$/,
    shapeText: "BE followed by 10 digits starting with 0 or 1",
    check: belgianCheck,
    document: "the company's registration (Crossroads Bank for Enterprises)",
  },
  AT: {
    adjective: "Austrian",
    shape: /^U\d{8}$/,
    shapeText: "ATU followed by 8 digits",
    check: austrianCheck,
    document: "the VAT notice from the Finanzamt",
  },
  PT: {
    adjective: "Portuguese",
    shape: /^\d{9}$/,
    shapeText: "PT followed by 9 digits",
    check: portugueseCheck,
    document: "the NIF card or the Finanças registration",
  },
  GB: {
    adjective: "UK",
    shape: /^(\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/,
    shapeText: "GB followed by 9 digits (12 for a branch)",
    check: britishCheck,
    document: "the VAT registration certificate from HMRC",
  },
};

/** EU member states' VAT prefixes (and Northern Ireland's XI) without a check of ours: shape only. */
const OTHER_VAT_PREFIXES = new Set([
  "BG",
  "CY",
  "CZ",
  "DK",
  "EE",
  "EL",
  "FI",
  "HR",
  "HU",
  "IE",
  "LT",
  "LU",
  "LV",
  "MT",
  "PL",
  "RO",
  "SE",
  "SI",
  "SK",
  "XI",
]);

/** Whether the id starts with a VAT country prefix we know (EU member states, GB, XI). */
export function hasVatPrefix(text: string): boolean {
  const id = normalizeTaxId(text);
  const prefix = id.slice(0, 2);
  return /^[A-Z]{2}/.test(id) && (prefix in VAT_RULES || OTHER_VAT_PREFIXES.has(prefix));
}

function vatProblem(body: string, rule: VatRule): string | null {
  if (!rule.shape.test(body)) return `This ${rule.adjective} VAT number should be ${rule.shapeText}: check it against ${rule.document}`;
  if (rule.check && !rule.check(body)) return `This ${rule.adjective} VAT number's check digit is wrong: check it against ${rule.document}`;
  return null;
}

const EIN = /^\d{2}-?\d{7}$/;

/**
 * What is wrong with a tax id, in words a person can act on; null when nothing is. `countryCode`
 * (ISO 3166-1 alpha-2) is the holder's country: an id without a VAT prefix is checked as that
 * country's number (a German hotel's "136695976" as DE136695976; a US hotel's as an EIN). Without a
 * country, only ids with a VAT prefix are checked.
 */
export function taxIdProblem(text: string, countryCode?: string | null): string | null {
  const id = normalizeTaxId(text);
  if (hasVatPrefix(id)) {
    const prefix = id.slice(0, 2);
    const rule = VAT_RULES[prefix];
    if (rule) return vatProblem(id.slice(2), rule);
    return /^[A-Z0-9]{2,13}$/.test(id.slice(2))
      ? null
      : `A VAT number starting with ${prefix} should be followed by 2 to 13 letters or digits: check it against the VAT registration`;
  }
  const country = countryCode?.toUpperCase();
  if (country === "US") {
    return EIN.test(text.trim().replace(/\s/g, ""))
      ? null
      : "A US Employer Identification Number (EIN) has 9 digits written NN-NNNNNNN: check it against the IRS notice (CP 575)";
  }
  const domestic = country === "GR" ? null : country ? VAT_RULES[country] : undefined;
  if (domestic) return vatProblem(id, domestic);
  return null;
}
