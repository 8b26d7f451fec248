import { type PostStatusName, SearchLimits, type SearchOrder } from '@agora/contracts';
import type { Range } from '../query-language/criteria';
import type { PostType } from '../query-language/parser';

/** Who may find a document: everyone, staff only (a hidden question and its answers), or nobody (deleted). */
export type Visibility = 'public' | 'staff' | 'none';
/** A post's status as documents keep it: the name of its code (`postStatusName`), pending posts never indexed. */
export type IndexedStatus = Exclude<PostStatusName, 'pending'>;

/** One question or answer as the index holds it: what is matched, filtered and sorted on. */
export interface IndexDocument {
  id: string;
  type: PostType;
  questionId: string;
  /** The question's title; empty for answers (an answer is found by its own text). */
  title: string;
  /** Plain text of the body, without markup. */
  body: string;
  /** Tag slugs, synonyms resolved: the document's own tags and the main tag of each synonym among them. */
  tags: string[];
  /** Tag names as words (display names and slugs); empty for answers. */
  tagText: string;
  userId: string;
  voteCount: number;
  answerCount: number;
  accepted: boolean;
  status: IndexedStatus;
  visibility: Visibility;
  createdAt: Date;
  activeAt: Date;
  /** Grows with every change of the document: a write never replaces a newer version with an older one. */
  version: number;
}

export interface IndexQuery {
  /** Every word must occur in the title, the tags or the body; English is stemmed, CJK runs match as bigrams. */
  words: string[];
  /** Every phrase must occur as typed (words in a row) in the title or the body. */
  phrases: string[];
  /** Each group holds the slugs of one tag with its synonyms: a document needs one slug of every group. */
  tagGroups: string[][];
  /** Authored by one of these users; null for anyone. */
  userIds: string[] | null;
  types: PostType[];
  answers: Range | null;
  score: Range | null;
  visibility: Visibility[];
  order: SearchOrder;
  offset: number;
  limit: number;
}

/** Counts stop here, as search engines report "10,000+": no page past it can be reached anyway. */
export const COUNT_LIMIT = SearchLimits.maxResultWindow;

export interface IndexHit {
  id: string;
  score: number;
}

export interface IndexPage {
  /**
   * How many documents match: exact up to the adapter's exact limit (OpenSearch: COUNT_LIMIT,
   * PostgreSQL: EXACT_COUNT_LIMIT), past it an estimate above that limit; never more than COUNT_LIMIT.
   */
  count: number;
  hits: IndexHit[];
}

export interface SimilarQuery {
  title: string;
  visibility: Visibility[];
  limit: number;
}

/**
 * The search index port (DESIGN §4): PostgreSQL full text embedded, OpenSearch scaled out, both passing
 * one contract suite. A generation is one physical copy of the index; searches read the active one, and
 * a reindex builds a new generation beside it and then makes it active in one step.
 */
export interface SearchIndex {
  readonly kind: 'postgres' | 'opensearch';
  /** Creates what the active generation needs if it is missing (idempotent). */
  prepare(): Promise<void>;
  /** Inserts or replaces documents, keeping any stored document whose version is newer. */
  write(documents: IndexDocument[], generation?: string): Promise<void>;
  /** Removes documents for good (purged posts); ids it does not hold are passed over. */
  remove(ids: string[], generation?: string): Promise<void>;
  search(query: IndexQuery): Promise<IndexPage>;
  /** Questions whose titles share the most words with `title`, best first. */
  similar(query: SimilarQuery): Promise<IndexHit[]>;
  /** Makes everything written so far searchable (OpenSearch refreshes on its own every second). */
  refresh(generation?: string): Promise<void>;
  count(generation?: string): Promise<number>;
  /** A new, empty generation to rebuild into; its name. */
  createGeneration(): Promise<string>;
  /** Whether a generation made by `createGeneration` still exists (a resumed reindex checks it). */
  hasGeneration(generation: string): Promise<boolean>;
  /** Makes a generation the active one in one step and drops the one it replaces. */
  activate(generation: string): Promise<void>;
  dropGeneration(generation: string): Promise<void>;
  close(): Promise<void>;
}
