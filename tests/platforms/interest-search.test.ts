import type { Interest } from '@contract/planning';
import { SANDBOX_PLATFORMS } from '@server/platforms/sandbox/data';
import { foldForSearch, searchTaxonomy } from '@server/platforms/sandbox/interestSearch';
import { describe, expect, it } from 'vitest';

const taxonomy: Interest[] = [
  { id: '1', name: 'Football (soccer)', path: ['Sports and outdoors'], audienceSize: 700 },
  { id: '2', name: 'Baking', path: ['Food and drink', 'Cooking'], audienceSize: 300 },
  { id: '3', name: 'Basketball', path: ['Sports and outdoors'], audienceSize: 400 },
  { id: '4', name: 'Cafés', path: ['Food and drink'], audienceSize: 200 },
  { id: '5', name: 'Économie sociale', path: ['Society'], audienceSize: 10 },
  { id: '6', name: 'Street basketball', path: ['Sports and outdoors'], audienceSize: 900 },
  { id: '7', name: 'Coffee', path: ['Food and drink', 'Beverages'], audienceSize: 500 },
];
const names = (list: Interest[]) => list.map((i) => i.name);

describe('searchTaxonomy', () => {
  it('ignores case and accents both ways', () => {
    expect(names(searchTaxonomy(taxonomy, 'CAFE', 10))).toEqual(['Cafés']);
    expect(names(searchTaxonomy(taxonomy, 'cafés', 10))).toEqual(['Cafés']);
    expect(names(searchTaxonomy(taxonomy, 'economie', 10))).toEqual(['Économie sociale']);
    expect(foldForSearch('  ÉCONOMIE ')).toBe('economie');
  });

  it('puts names starting with the query first, then word starts, then substrings, then paths', () => {
    // "ba": Basketball and Baking start with it, Street basketball has a word that does, Football contains it.
    expect(names(searchTaxonomy(taxonomy, 'ba', 10))).toEqual([
      'Basketball',
      'Baking',
      'Street basketball',
      'Football (soccer)',
    ]);
    expect(names(searchTaxonomy(taxonomy, 'beverages', 10))).toEqual(['Coffee']);
  });

  it('orders equal matches by audience size, largest first', () => {
    expect(names(searchTaxonomy(taxonomy, 'food', 10))).toEqual(['Coffee', 'Baking', 'Cafés']);
  });

  it('answers the most popular interests for an empty query, and respects the limit', () => {
    expect(names(searchTaxonomy(taxonomy, '  ', 3))).toEqual([
      'Street basketball',
      'Football (soccer)',
      'Coffee',
    ]);
    expect(searchTaxonomy(taxonomy, 'ba', 2)).toHaveLength(2);
    expect(searchTaxonomy(taxonomy, 'zzz', 10)).toEqual([]);
  });

  it('finds accented names in the sandbox taxonomies', () => {
    const meta = SANDBOX_PLATFORMS.get('meta')!;
    expect(names(searchTaxonomy(meta.interests, 'pokemon', 5))).toEqual(['Pokémon']);
    expect(names(searchTaxonomy(meta.interests, 'PATISSERIE', 5))).toEqual(['Pâtisserie']);
  });
});
