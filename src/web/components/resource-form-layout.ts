import type { ColProps } from 'antd';
import type { FieldSpec, ResourceDefinition } from '../../shared/resource.js';

interface FormSection {
  /** Card title; undefined for a definition without sections. */
  title: string | undefined;
  fields: FieldSpec[];
}

/**
 * The definition's fields grouped by `section`, sections in the order they first appear, so
 * suppliers' "Contato" field joins the other contacts. Fields without a section go to the first.
 */
export function formSections(definition: ResourceDefinition): FormSection[] {
  const sections: FormSection[] = [];
  for (const field of definition.fields) {
    if (field.formOnly) continue;
    const title = field.section ?? sections[0]?.title;
    let section = sections.find((candidate) => candidate.title === title);
    if (!section) {
      section = { title, fields: [] };
      sections.push(section);
    }
    section.fields.push(field);
  }
  return sections;
}

/** Long inputs take the whole row; the rest share it, two or three side by side on wide screens. */
export function fieldColumn(field: FieldSpec, crowded: boolean): ColProps {
  if (field.kind === 'textarea' || field.kind === 'permissions' || field.kind === 'password') {
    return { xs: 24 };
  }
  return crowded ? { xs: 24, sm: 12, lg: 8 } : { xs: 24, md: 12 };
}
