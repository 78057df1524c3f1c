import { Fragment, type ReactNode } from 'react';
import { LinkBase, useGetManyAggregate, type Identifier } from 'react-admin';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { specPath } from '../../../lib/specPaths';
import { REFERENCE_LINK_CLASS } from '../../../layout/theme';
import type { ReferenceDeclaration } from '../../types';
import { useFindDeclaration } from './DeclarationsContext';
import { findReferenced, referenceFallback, referenceIds, referenceName } from './references';

/** Past this many characters a list cell's name may be clipped (two lines of 9em): its title holds it whole. */
const CLIPPED_AFTER = 16;

/** The named record's name, linked to its detail (in a list cell, one cheap anchor with the theme's class). */
const ReferenceLink = ({ resource, id, name, truncate }: { resource: string; id: Identifier; name: string | undefined; truncate: boolean }) => {
  const to = specPath.show(resource, id);
  const text = name ?? referenceFallback(id);
  return truncate ? (
    <LinkBase to={to} className={REFERENCE_LINK_CLASS} title={text.length > CLIPPED_AFTER ? text : undefined}>
      {text}
    </LinkBase>
  ) : (
    <Link component={LinkBase} to={to} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      {text}
    </Link>
  );
};

/** `#id`, not linked: the record is still being looked up, is missing, or may not be read. */
const Unnamed = ({ id, busy = false }: { id: Identifier; busy?: boolean }) => (
  <Typography component="span" variant="body2" color="text.secondary" aria-busy={busy || undefined}>
    {referenceFallback(id)}
  </Typography>
);

const Separated = ({ ids, render }: { ids: Identifier[]; render: (id: Identifier) => ReactNode }) => (
  <>
    {ids.map((id, index) => (
      <Fragment key={String(id)}>
        {index > 0 && '、'}
        {render(id)}
      </Fragment>
    ))}
  </>
);

/**
 * The records a field names, looked up by id. Every cell of a list asks in the same tick, and
 * react-admin's useGetManyAggregate gathers those asks into one getMany per resource, which the
 * data provider sends as one `ids=` call per 100 ids: one call for a page, never one per row.
 * What getMany answers is a list row (src/app/recordCache.ts keeps it out of the record cache).
 */
const LookedUpReference = ({ resource, ids, truncate }: { resource: string; ids: Identifier[]; truncate: boolean }) => {
  const { data, isPending } = useGetManyAggregate(resource, { ids });
  const representation = useFindDeclaration()(resource)?.recordRepresentation;
  return (
    <Separated
      ids={ids}
      render={(id) => {
        if (isPending) return <Unnamed id={id} busy />;
        const record = findReferenced(data, id);
        return record ? <ReferenceLink resource={resource} id={id} name={referenceName(record, representation)} truncate={truncate} /> : <Unnamed id={id} />;
      }}
    />
  );
};

/**
 * A reference field's value: the other record's name as a link to its detail (`#id` when it has
 * none to show). A record that carries the name itself (`nameFrom`) needs no lookup.
 */
export const ReferenceValue = ({
  reference,
  value,
  record,
  truncate = false,
}: {
  reference: ReferenceDeclaration;
  value: unknown;
  record: Record<string, unknown> | undefined;
  truncate?: boolean;
}) => {
  const ids = referenceIds(value);
  if (ids.length === 0) return null;
  if (reference.nameFrom) {
    const name = referenceName(record, reference.nameFrom);
    return <Separated ids={ids} render={(id) => <ReferenceLink resource={reference.resource} id={id} name={name} truncate={truncate} />} />;
  }
  return <LookedUpReference resource={reference.resource} ids={ids} truncate={truncate} />;
};

/** For screens of their own (stock tools, the restore page): the records of ids of a declared resource, by name. */
export const ReferenceNames = ({ resource, ids }: { resource: string; ids: readonly Identifier[] }) => (
  <ReferenceValue reference={{ resource }} value={[...ids]} record={undefined} />
);
