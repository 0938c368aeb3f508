import type { Random } from '../kernel/random';

interface Deck {
  order: string[];
  next: number;
}

/**
 * Phrases are dealt from per-article shuffled decks, one per name, so a phrase repeats only
 * after all the others of its deck were used; `peek` looks ahead without dealing, so trying
 * candidates costs none.
 */
export class PhraseDecks {
  private readonly decks = new Map<string, Deck>();

  constructor(private readonly random: Random) {}

  /** Deals the next phrase of the deck `name`. */
  draw(name: string, items: readonly string[]): string {
    const deck = this.deck(name, items, 0);
    return deck.order[deck.next++] as string;
  }

  /** The phrase `offset` places ahead in the deck, not dealt. */
  peek(name: string, items: readonly string[], offset: number): string {
    const deck = this.deck(name, items, offset);
    return deck.order[deck.next + offset] as string;
  }

  /** Deals the phrase `offset` places ahead; the ones it skipped stay next. */
  take(name: string, items: readonly string[], offset: number): void {
    const deck = this.deck(name, items, offset);
    const at = deck.next + offset;
    [deck.order[deck.next], deck.order[at]] = [deck.order[at] as string, deck.order[deck.next] as string];
    deck.next++;
  }

  private deck(name: string, items: readonly string[], offset: number): Deck {
    let deck = this.decks.get(name);
    if (!deck) {
      deck = { order: [], next: 0 };
      this.decks.set(name, deck);
    }
    while (deck.next + offset >= deck.order.length) {
      deck.order = [...deck.order.slice(deck.next), ...this.random.shuffle(items)];
      deck.next = 0;
    }
    return deck;
  }
}
