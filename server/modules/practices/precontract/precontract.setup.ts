import { readSectorSetting } from '../../../../shared/practices/sector-settings';
import { intermediaryGaps, PRECONTRACT_SETUP_TEXT, type TPrecontractSetup } from '../../../../shared/schemas/precontract';
import { requireAdmin, type TRequestContext } from '../../../platform/context';
import type { TPrecontractContext } from './precontract.context';
import type { TPrecontractTemplates } from './precontract.template';

const SETTINGS_PATH = '/admin/impostazioni';

/**
 * The admin's setup checklist of the pack (issue 26 point 10): the intermediary's data the form prints, the text
 * reviewed, the RC Auto pack not waived. The admin dashboard shows it until every item is done.
 */
export const createPrecontractSetup = ({ needs: { settings } }: TPrecontractContext, { templateOf }: Pick<TPrecontractTemplates, 'templateOf'>) => ({
  setup: async (ctx: TRequestContext): Promise<TPrecontractSetup> => {
    requireAdmin(ctx);
    const [template, rcaPack] = await Promise.all([templateOf(), settings.readValue('rcaPrecontrattuale')]);
    const gaps = intermediaryGaps(template.content.intermediary);
    const rcaPackOn = readSectorSetting('rcaPrecontrattuale', rcaPack) === true;
    const text = PRECONTRACT_SETUP_TEXT;
    const items: TPrecontractSetup['items'] = [
      {
        key: 'intermediary',
        label: text.intermediary.label,
        done: gaps.length === 0,
        detail: gaps.length === 0 ? text.intermediary.done : text.intermediary.missing(gaps),
        href: `${SETTINGS_PATH}#precontract-template-title`,
      },
      { key: 'template', label: text.template.label, done: template.id !== null, detail: template.id !== null ? text.template.done : text.template.missing, href: `${SETTINGS_PATH}#precontract-template-title` },
      { key: 'rcaPack', label: text.rcaPack.label, done: rcaPackOn, detail: rcaPackOn ? text.rcaPack.done : text.rcaPack.missing, href: `${SETTINGS_PATH}#rca-settings-title` },
    ];
    return { complete: items.every((item) => item.done), items };
  },
});
