import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkCatalogues, checkProject, extractKeys } from "../../scripts/i18n-keys.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

describe("translation catalogues", () => {
  it("have every key the code uses in every language, and nothing else", () => {
    expect(checkProject(ROOT).map((p) => `${p.where}: ${p.message}`)).toEqual([]);
  });
});

describe("key extraction", () => {
  const source = `
    const { t } = useTranslation();
    t("Search hotels");
    t(\`Sign In\`);
    i18next.t("Booking confirmed");
    t("{{count}} nights", { count: nights });
    t("{{count}} rooms", { count });
    const label = <Trans i18nKey="Welcome <b>back</b>" count={3} />;
    t(someVariable);
    t(\`Hello \${name}\`);
    <Trans>Untracked</Trans>;
  `;
  const { keys, problems } = extractKeys("x.tsx", source);

  it("reads literal keys from t() calls, i18next.t() and <Trans i18nKey>, and notes which take a count", () => {
    expect(keys.map((k) => [k.key, k.plural])).toEqual([
      ["Search hotels", false],
      ["Sign In", false],
      ["Booking confirmed", false],
      ["{{count}} nights", true],
      ["{{count}} rooms", true],
      ["Welcome <b>back</b>", true],
    ]);
    expect(keys[0]?.where).toBe("x.tsx:3");
  });

  it("refuses keys that are not literal strings", () => {
    expect(problems.map((p) => p.where)).toEqual(["x.tsx:9", "x.tsx:10", "x.tsx:11"]);
  });
});

describe("catalogue check", () => {
  const used = [
    { key: "Sign In", plural: false, where: "a.tsx:1" },
    { key: "{{count}} nights", plural: true, where: "a.tsx:2" },
  ];
  const complete = {
    en: { "{{count}} nights_one": "{{count}} night", "{{count}} nights_other": "{{count}} nights" },
    es: {
      "Sign In": "Iniciar sesión",
      "{{count}} nights_one": "{{count}} noche",
      "{{count}} nights_many": "{{count}} noches",
      "{{count}} nights_other": "{{count}} noches",
    },
    de: { "Sign In": "Anmelden", "{{count}} nights_one": "{{count}} Nacht", "{{count}} nights_other": "{{count}} Nächte" },
  };

  it("passes complete catalogues", () => {
    expect(checkCatalogues(used, complete)).toEqual([]);
  });

  it("fails on a missing key, a missing plural form, an unused entry and a lost placeholder", () => {
    const without = (catalogue: Record<string, string>, key: string) =>
      Object.fromEntries(Object.entries(catalogue).filter(([k]) => k !== key));
    const deWithoutSignIn = without(complete.de, "Sign In");
    const esWithoutMany = without(complete.es, "{{count}} nights_many");
    const problems = checkCatalogues(used, {
      en: { ...complete.en, "Old text": "Old text" },
      es: esWithoutMany,
      de: { ...deWithoutSignIn, "{{count}} nights_other": "Nächte" },
    }).map((p) => p.message);
    expect(problems).toEqual([
      'en: "Old text" is used by no code',
      'es: no translation for "{{count}} nights_many"',
      'de: no translation for "Sign In"',
      'de: "{{count}} nights_other" must keep the placeholders of its key',
    ]);
  });
});
