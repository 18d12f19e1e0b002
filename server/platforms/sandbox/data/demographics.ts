/**
 * Which languages most internet users of a country use (ISO 639-1 → ISO 3166-1 alpha-2), for the
 * sandbox's language narrowing. Only the languages of contract/planning/geo.ts LANGUAGE_CODES; a country
 * not listed under any of them is treated as using none of them as its main language.
 */
const MAIN_LANGUAGE_COUNTRIES: Readonly<Record<string, string>> = {
  en: 'US GB IE AU NZ CA ZA NG KE GH JM TT BS BB BZ GY SG PH IN MT UG ZM ZW BW NA LR SL GM MW FJ PG SB VU GU PR BM KY VG VI AI MS TC AG DM GD KN LC VC IM JE GG GI FK SH AS MP CK NU NF CX CC PN IO UM TK KI MH FM PW NR TV WS TO SS TZ RW LS SZ CM SC MU',
  de: 'DE AT CH LI LU',
  fr: 'FR BE CH LU MC CA SN CI CM ML BF NE TD GN BJ TG CD CG GA CF DJ KM MG HT RE GP MQ GF YT NC PF WF PM BL MF BI SC VU MU',
  es: 'ES MX AR CO PE VE CL EC GT CU BO DO HN PY SV NI CR PA UY PR GQ',
  pt: 'PT BR AO MZ CV GW ST TL',
  it: 'IT SM VA CH',
  nl: 'NL BE SR AW CW SX BQ',
  pl: 'PL',
  sv: 'SE FI AX',
  da: 'DK FO GL',
  nb: 'NO SJ BV',
  fi: 'FI',
  cs: 'CZ',
  el: 'GR CY',
  tr: 'TR CY',
  ar: 'SA AE EG DZ MA IQ SY JO LB LY TN YE OM KW QA BH SD PS MR EH DJ KM TD',
  he: 'IL',
  hi: 'IN',
  ja: 'JP',
  ko: 'KR KP',
  zh: 'CN TW HK MO SG',
  ru: 'RU BY KZ KG',
  uk: 'UA',
  ro: 'RO MD',
  hu: 'HU',
  id: 'ID',
  ms: 'MY BN SG',
  th: 'TH',
  vi: 'VN',
  tl: 'PH',
};

/** Country → its main languages. */
export const MAIN_LANGUAGES: ReadonlyMap<string, readonly string[]> = (() => {
  const byCountry = new Map<string, string[]>();
  for (const [language, countries] of Object.entries(MAIN_LANGUAGE_COUNTRIES)) {
    for (const country of countries.split(' '))
      byCountry.set(country, [...(byCountry.get(country) ?? []), language]);
  }
  return byCountry;
})();

/**
 * Share of a country's internet users who also use a language that is not one of its main ones (ads in
 * a second language): English is widely used as a second language, the others rarely.
 */
export const SECOND_LANGUAGE_SHARE: Readonly<Record<string, number>> = { en: 0.2 };
export const OTHER_SECOND_LANGUAGE_SHARE = 0.02;

/** Internet users by age (13 to 65+), as shares of all users 13 and over: [first age, last age, share]. */
export const AGE_BANDS: readonly (readonly [number, number, number])[] = [
  [13, 17, 0.08],
  [18, 24, 0.14],
  [25, 34, 0.2],
  [35, 44, 0.18],
  [45, 54, 0.15],
  [55, 64, 0.13],
  [65, 65, 0.12],
];
