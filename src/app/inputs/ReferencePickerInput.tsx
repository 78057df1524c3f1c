import { AutocompleteInput, NumberInput, ReferenceInput, type Validator } from 'react-admin';
import type { ReferenceDeclaration } from '../../resources/types';
import { useFindDeclaration } from '../../resources/schema/shared/DeclarationsContext';
import { searchFilterOf } from '../../resources/listSearch';

/**
 * An id naming another declared record (a pharmacy's company), picked by that record's name:
 * react-admin's ReferenceInput + AutocompleteInput over the other master's list search, the
 * stored value staying the id. A master whose list does not search keeps the number input.
 */
export const ReferencePickerInput = ({
  source,
  reference,
  isRequired,
  validate,
}: {
  source: string;
  reference: ReferenceDeclaration;
  isRequired: boolean;
  validate?: Validator;
}) => {
  const target = useFindDeclaration()(reference.resource);
  const search = target && searchFilterOf(target);
  if (!target || !search) return <NumberInput source={source} isRequired={isRequired} validate={validate} step={1} fullWidth />;
  const name = target.recordRepresentation ?? 'id';
  // Names in their order when the list sorts by name, else the list's own order.
  const sort = target.fields[name]?.sortable ? { field: name, order: 'ASC' as const } : target.list.defaultSort;
  return (
    <ReferenceInput source={source} reference={target.name} sort={sort}>
      <AutocompleteInput
        optionText={name}
        // The list's search with what was typed; nothing typed lists the first page.
        filterToQuery={(text: string) => (text.trim() === '' ? {} : { [search]: text.trim() })}
        isRequired={isRequired}
        validate={validate}
        noOptionsText={`該当する${target.recordLabel}がありません`}
        fullWidth
      />
    </ReferenceInput>
  );
};
