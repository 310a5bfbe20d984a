//! `noughts grundy --survey`: a dozen well-known games, each computed until
//! its period is proved or `--max` values are known, beside what the
//! literature says of it.

use super::report::{stats_report, StatsReport};
use super::{compute, workers, Computing, Method, LARGEST_N, LARGEST_N_WORDS};
use crate::cli::Error;
use crate::solver::grundy::{Period, Sequence};
use std::io::Write;

/// A game of `--survey`, with what the literature says of it.
#[derive(Debug, Clone, Copy)]
pub struct Surveyed {
    pub name: &'static str,
    /// Its code (or `grundy`), as `--game` takes it.
    pub code: &'static str,
    /// The published period and pre-period (heaps `n >= preperiod`), if
    /// the game is known to be periodic.
    pub published: Option<Period>,
    /// Where that comes from, or what is known instead.
    pub source: &'static str,
}

/// The games of `--survey`: the classics, the long periodic ones of Winning
/// Ways (heap counts as here: the pre-period is one past the last
/// exceptional heap), games that split without taking, and the unsolved.
pub const SURVEY: [Surveyed; 13] = [
    surveyed("Kayles", "0.77", Some((12, 71)), "Guy & Smith 1956"),
    surveyed(
        "Dawson's Kayles",
        "0.07",
        Some((34, 53)),
        "Guy & Smith 1956",
    ),
    surveyed("Dawson's Chess", "0.137", Some((34, 52)), "OEIS A002187"),
    surveyed("", "0.1377", Some((24, 141)), "Winning Ways; OEIS A071434"),
    surveyed("", "0.177", Some((20, 497)), "Winning Ways; OEIS A071435"),
    surveyed("", "0.11377", Some((32, 187)), "Winning Ways; OEIS A071452"),
    surveyed("", "0.127", Some((4, 46_578)), "Gangolli & Plambeck 1989"),
    // Published as period 144 with the last exception at 326,637 (OEIS
    // A071436); the values here, and the naive method's, differ from the
    // periodic ones up to 326,639 (G(326639) != G(326783)).
    surveyed(
        "",
        "0.56",
        None,
        "published 144 from 326638 (Gangolli & Plambeck 1989); the naive method agrees with 326640",
    ),
    surveyed("", "4.6", Some((12, 72)), "Kayles on one more token"),
    surveyed(
        "",
        "4.077",
        None,
        "found here; the naive method agrees (to 220,812)",
    ),
    surveyed(
        "",
        "4.007",
        None,
        "none known; the naive method agrees (to 20,000)",
    ),
    surveyed("Treblecross", "0.007", None, "no period known"),
    surveyed(
        "Grundy's game",
        "grundy",
        None,
        "no period known (OEIS A002188)",
    ),
];

/// A row of [`SURVEY`]; `published` is `(period, pre-period)`.
const fn surveyed(
    name: &'static str,
    code: &'static str,
    published: Option<(usize, usize)>,
    source: &'static str,
) -> Surveyed {
    Surveyed {
        name,
        code,
        published: match published {
            Some((period, preperiod)) => Some(Period { preperiod, period }),
            None => None,
        },
        source,
    }
}

/// One line of `--survey`.
#[derive(Debug)]
pub struct SurveyRow {
    pub game: Surveyed,
    pub figures: StatsReport,
}

/// The figures of every game of [`SURVEY`], each computed until its period
/// is proved or `max` values are known.
pub fn survey_rows(max: usize, threads: Option<usize>) -> Result<Vec<SurveyRow>, Error> {
    if max > LARGEST_N {
        return Err(Error::Range(format!(
            "--max = {max}: at most {LARGEST_N} values ({LARGEST_N_WORDS}) in one run"
        )));
    }
    let threads = workers(threads);
    SURVEY
        .iter()
        .map(|game| {
            let sequence = Sequence::heaps(game.code.parse().map_err(|error| Error::Option {
                option: format!("--game {}", game.code),
                error,
            })?);
            let mut heaps = Vec::new();
            let options = Computing {
                method: Method::Fast,
                threads,
                out_path: None,
                checkpoint: None,
                until_period: sequence.game().periodicity_take(),
            };
            compute(&sequence, &mut heaps, max, options)?;
            let figures = stats_report(&sequence, &heaps);
            Ok(SurveyRow {
                game: *game,
                figures,
            })
        })
        .collect()
}

/// `noughts grundy --survey`: [`survey_rows`] as a Markdown table.
pub fn survey(max: usize, threads: Option<usize>, out: &mut impl Write) -> Result<(), Error> {
    let rows = survey_rows(max, threads)?;
    let mut table = vec![[
        "game",
        "code",
        "period",
        "pre-period",
        "proved by n =",
        "largest",
        "mask",
        "rare heaps",
        "literature",
    ]
    .map(String::from)];
    for row in &rows {
        let f = &row.figures;
        let (period, preperiod, proved) = match &f.period {
            Some(p) => (
                p.period.to_string(),
                p.preperiod.to_string(),
                p.proved_up_to.to_string(),
            ),
            None if !f.period_checked => ("not checked".into(), "".into(), "".into()),
            None if f.values == 0 => ("no values".into(), "".into(), "".into()),
            None => (
                format!("none proved up to {}", f.values - 1),
                "".into(),
                "".into(),
            ),
        };
        let split = f.rare_common.as_ref();
        let literature = match row.game.published {
            Some(p) => format!("{} from {}: {}", p.period, p.preperiod, row.game.source),
            None => row.game.source.to_string(),
        };
        table.push([
            row.game.name.to_string(),
            row.game.code.to_string(),
            period,
            preperiod,
            proved,
            f.largest.map_or(String::new(), |g| g.to_string()),
            split.map_or(String::new(), |s| format!("{:#x}", s.mask)),
            split.map_or(String::new(), |s| s.rare.to_string()),
            literature,
        ]);
    }
    super::report::markdown_table(&table, out)?;
    Ok(())
}
