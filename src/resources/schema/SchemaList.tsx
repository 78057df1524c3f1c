import { BooleanInput, DataTable, EditButton, List, SearchInput, ShowButton } from 'react-admin';
import type { ReactElement } from 'react';
import type { FilterDeclaration } from '../types';
import { SERVER_PAGE_SIZE } from '../../lib/constants';
import { useResourceDeclaration } from './useResourceDeclaration';
import { FieldValue } from './FieldValue';
import { ListHeader } from './ListHeader';
import { PageLinks } from './PageLinks';

const filterInput = (filter: FilterDeclaration): ReactElement =>
  filter.type === 'search' ? (
    <SearchInput key={filter.source} source={filter.source} alwaysOn={filter.alwaysOn} placeholder={filter.label} />
  ) : (
    <BooleanInput key={filter.source} source={filter.source} label={filter.label} alwaysOn={filter.alwaysOn} />
  );

/** The list every declared master gets: search, sortable columns, page links, row actions. */
const SchemaList = () => {
  const resource = useResourceDeclaration();
  const { list, fields } = resource;
  const actions = list.actions ?? [];
  return (
    <List
      title={`${resource.label}一覧`}
      sort={list.defaultSort}
      perPage={SERVER_PAGE_SIZE}
      filters={list.filters?.map(filterInput)}
      actions={<ListHeader resource={resource} />}
      pagination={<PageLinks />}
      empty={false}
    >
      <DataTable rowClick={false} bulkActionButtons={false}>
        {list.columns.map((source) => (
          <DataTable.Col
            key={source}
            source={source}
            label={fields[source].label}
            disableSort={!fields[source].sortable}
          >
            <FieldValue source={source} field={fields[source]} />
          </DataTable.Col>
        ))}
        {actions.length > 0 && (
          <DataTable.Col label="操作" disableSort>
            {actions.includes('show') && <ShowButton />}
            {actions.includes('edit') && <EditButton />}
          </DataTable.Col>
        )}
      </DataTable>
    </List>
  );
};

export default SchemaList;
