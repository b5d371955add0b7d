import '../app/mantine-styles.ts';
import { Table, type TableScrollContainerProps } from '@mantine/core';
import classes from './WideTable.module.css';

/**
 * The scroll container of a table that can be wider than the screen (Mantine's, with the browser's own
 * scrolling): below `minWidth` it scrolls sideways, and the edge with more to show fades out, as a phone
 * shows no scrollbar until one scrolls.
 */
export function WideTable(props: Omit<TableScrollContainerProps, 'type'>) {
  return <Table.ScrollContainer {...props} type="native" className={classes.root} />;
}
