import type { Language } from '../../../shared/constants';
import type { Team } from '../entities/team';
import type { TeamUser } from '../entities/team-user';

/**
 * The one rule for the language of a mail (or anything written) to one person of a team (issue 30): the language
 * they chose (member settings, admin profile), else the language they last used the site in (recorded at sign-in
 * and by the signed-in shell), else the team's default language. A person the team has no record of yet (an
 * invited address, an imported row) passes what is known of them, or nothing: the team's language.
 */
export function readerLanguage(
  reader: Pick<TeamUser, 'language' | 'lastLanguage'> | undefined,
  team: Pick<Team, 'language'>,
): Language {
  return reader?.language ?? reader?.lastLanguage ?? team.language;
}
