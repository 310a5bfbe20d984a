//! `noughts grundy`'s options, and which of its runs they ask for (the
//! help and examples are on the command, in [`crate::cli::Command`]).

use super::{
    merge, run, shard_arg, survey, survey_games, threads_arg, Count, Method, Request, Shard,
    SurveyRequest, DEFAULT_MAX,
};
use crate::cli::Error;
use std::io::Write;
use std::path::PathBuf;

/// The options. The two groups say which go together: `--json` with the
/// figures it prints, `--max` with a run that has no N.
#[derive(Debug, clap::Args)]
#[command(group = clap::ArgGroup::new("figures").args(["stats", "until_period", "merge"]).multiple(true))]
#[command(group = clap::ArgGroup::new("open_ended").args(["until_period", "survey"]))]
pub struct Options {
    /// How many values: G(0) … G(N−1) (not with --until-period, --survey or --merge).
    #[arg(
        required_unless_present_any = ["until_period", "survey", "merge"],
        conflicts_with_all = ["until_period", "survey", "merge"],
        // `grundy -5` is a count with a sign, not an unknown option: said
        // so by the count's own words (round 20).
        allow_negative_numbers = true,
        value_parser = crate::notation::argument(crate::notation::count_arg)
    )]
    n: Option<usize>,
    /// Print the largest value and where it first occurs, the number of
    /// distinct values, the rare/common split and the period (if the
    /// values prove one) instead of the values.
    #[arg(long)]
    stats: bool,
    /// With --stats, --until-period or --merge: the figures as JSON.
    #[arg(long, requires = "figures")]
    json: bool,
    /// Compute until the values prove a period (the Guy–Smith check) or
    /// --max values are known, then print the figures as --stats does,
    /// the period with its pre-period and where it was proved.
    #[arg(long)]
    until_period: bool,
    /// With --until-period or --survey: the most values to compute
    /// [default: 1048576].
    #[arg(long, value_name = "N", requires = "open_ended", value_parser = crate::notation::argument(crate::notation::count_arg))]
    max: Option<usize>,
    /// A table of a dozen well-known games: period and pre-period (or
    /// none proved up to --max), the largest value and the rare/common mask,
    /// beside what the literature says.
    #[arg(long, conflicts_with_all = ["game", "out", "resume", "checkpoint", "sha256", "records", "stats", "json", "method", "merge"])]
    survey: bool,
    /// With --survey: the games, a set of the public tables of
    /// tczajka/octal-games (trivial, solved, unsolved, public: all
    /// three) or a file of codes, one a line (# starts a comment).
    #[arg(long, value_name = "SET|FILE", requires = "survey")]
    games: Option<String>,
    /// With --survey --games: keep each game in DIR (its values as they
    /// are found, then one JSON line); a re-run skips the games done
    /// and resumes the others.
    #[arg(long, value_name = "DIR", requires = "games")]
    results: Option<PathBuf>,
    /// With --results: only the K-th of N shares of the games (1 to N),
    /// balanced by expected work, for a survey over several machines.
    #[arg(long, value_name = "K/N", requires = "results", value_parser = crate::notation::argument(shard_arg))]
    shard: Option<Shard>,
    /// Print the games of a results folder as one table (Markdown), or
    /// with --json one line each with --stats --json's fields.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["game", "out", "resume", "checkpoint", "sha256", "records", "stats", "method", "threads", "until_period", "survey", "max"])]
    merge: Option<PathBuf>,
    /// The game: an octal code such as 0.77 or 4.07, or a name.
    #[arg(long, value_name = "CODE")]
    game: Option<String>,
    /// Write the table to FILE instead of printing it; rewritten every
    /// 10 s while computing, so an interrupted run can be resumed.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Start from a table written by --out (checked before use).
    #[arg(long, value_name = "FILE")]
    resume: Option<PathBuf>,
    /// For long runs: keep the values in FILE (2 bytes each, appended and
    /// synced every 10 s); a run with the same FILE starts where the last
    /// one stopped, even one killed (kill -9).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["out", "resume"])]
    checkpoint: Option<PathBuf>,
    /// Print the SHA-256 of G(0) … G(N−1) as u16 little-endian instead of
    /// the values (as published results give it).
    #[arg(long, conflicts_with_all = ["stats", "until_period"])]
    sha256: bool,
    /// Print, as JSON, what a published table gives: the SHA-256, every
    /// record (each new largest value and where it first occurs), the
    /// rare/common split and hash of every power-of-two prefix, the
    /// values 0 and the last of them.
    #[arg(long, conflicts_with_all = ["stats", "until_period", "sha256"])]
    records: bool,
    /// fast: the rare/common method on every core; naive: the plain mex
    /// over every split, for comparison.
    #[arg(long, value_enum, default_value = "fast")]
    method: Method,
    /// Threads for the fast method (default, and most: one per core).
    #[arg(long, value_name = "N", value_parser = crate::notation::argument(threads_arg))]
    threads: Option<u16>,
}

impl Options {
    pub fn run(self, out: &mut impl Write) -> Result<(), Error> {
        let threads = self.threads.map(usize::from);
        if let Some(folder) = self.merge {
            return merge(&folder, self.json, out);
        }
        if self.survey {
            let max = self.max.unwrap_or(DEFAULT_MAX);
            return match self.games {
                Some(games) => survey_games(
                    &SurveyRequest {
                        games,
                        results: self.results,
                        max,
                        shard: self.shard,
                        threads,
                    },
                    out,
                ),
                None => survey(max, threads, out),
            };
        }
        let count = match self.n {
            Some(n) => Count::Exactly(n),
            // clap asks for N unless --until-period (or --survey, taken
            // above) is given.
            None => Count::UntilPeriod(self.max.unwrap_or(DEFAULT_MAX)),
        };
        run(
            &Request {
                count,
                stats: self.stats,
                json: self.json,
                game: self.game,
                out: self.out,
                resume: self.resume,
                checkpoint: self.checkpoint,
                sha256: self.sha256,
                records: self.records,
                method: self.method,
                threads,
            },
            out,
        )
    }
}
