/**
 * The lists' paging and counting (decision 0013, docs/query-plans.md): each list declares its keyset
 * order and how it counts (defineList; defineCount for a list of numbered pages only), and its repo
 * reads as plain queries. Planner hints live here only (keyset.ts `sortedOrder`, `searchPageIds`).
 */
export { defineCount, defineList, type ListCount, type ListDefinition, type PagePlan } from './define.ts';
export { descendingKeyset, type KeyType } from './keyset.ts';
