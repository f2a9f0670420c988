//! Issue 13's speed targets, checked against one run of
//! `examples/throughput.rs`: each target with the ratio this run measured
//! and whether it is met, so that a run on any machine says where the
//! targets stand there (an AMD EPYC with AVX2 only, an Apple core, a
//! server with AVX-512) without working the ratios out by hand.
//!
//! The targets, as the issue gives them (ratios to parry2d's `contact` on
//! the very same pairs, one core unless named):
//! - on each 512-shape table, `collide` at least 25× where it runs
//!   AVX-512, and `collide_with(Isa::Avx2)` at least 15×;
//! - on the chapter's scene, `collide_with(Isa::Avx2)` at least 50×;
//! - on every workload, `collide_par` at least 1.8× as fast as `collide`;
//! - on every workload, neither `collide` nor `collide_with(Isa::Avx2)`
//!   slower than `sat_*` on shapes placed beforehand.
//!
//! One run's ratio moves with the spell it falls in on a shared machine
//! (README, "A world's batch"): a target is met on a machine when runs
//! side by side meet it, not when one does.
#![allow(dead_code)]

/// One row of a run: the workload's name, the engine's, and its time a
/// pair in ns (the best of its rounds).
pub type Row = (String, String, f64);

/// Whether this run meets a target.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    /// Met in this run.
    Met,
    /// Not met in this run.
    NotMet,
    /// Not measured: what is missing (an engine left out by `--engines`,
    /// a CPU without the instruction set, a single thread).
    NotMeasured(String),
}

/// A target, what this run measured for it, and whether it is met.
#[derive(Debug, Clone, PartialEq)]
pub struct Check {
    /// The workload it is about.
    pub workload: String,
    /// The target, in words ("collide_with(avx2+fma) ≥ 15× parry2d").
    pub target: String,
    /// What was measured ("14.6×"), empty where nothing was.
    pub measured: String,
    /// Met, not met, or why it could not be told.
    pub verdict: Verdict,
}

/// The chapter's scene's workload name.
const SCENE: &str = "box vs pentagon";

/// The time of the first engine whose name starts with `engine` on
/// `workload`, if the run has it.
fn time(rows: &[Row], workload: &str, engine: &str) -> Option<f64> {
    rows.iter()
        .find(|r| r.0 == workload && r.1.starts_with(engine))
        .map(|r| r.2)
        .filter(|ns| ns.is_finite() && *ns > 0.0)
}

/// The targets for the run's `rows`. `best` is the instruction set
/// `collide` runs (`Isa::best().name()`), `avx2` the name of AVX2's
/// (`Isa::Avx2.name()`), `avx512` AVX-512's, and `threads` how many
/// threads `collide_par` has.
pub fn check(rows: &[Row], best: &str, avx2: &str, avx512: &str, threads: usize) -> Vec<Check> {
    let mut workloads: Vec<&str> = Vec::new();
    for r in rows {
        if !workloads.contains(&r.0.as_str()) {
            workloads.push(&r.0);
        }
    }
    let collide = "batch::collide (";
    let with_avx2 = format!("batch::collide_with({avx2})");
    let par = "batch::collide_par";
    let placed = "sat_* on pre-placed shapes";
    let mut checks = Vec::new();
    for &w in &workloads {
        let parry = time(rows, w, "parry2d query::contact");
        // `engine` at least `times` × parry2d's `contact`.
        let mut against_parry = |engine: &str, label: &str, times: f64, missing: Option<String>| {
            let target = format!("{label} ≥ {times}× parry2d");
            let check = match (missing, parry, time(rows, w, engine)) {
                (Some(why), ..) => Check {
                    workload: w.into(),
                    target,
                    measured: String::new(),
                    verdict: Verdict::NotMeasured(why),
                },
                (None, Some(p), Some(t)) => Check {
                    workload: w.into(),
                    target,
                    measured: format!("{:.1}×", p / t),
                    verdict: if p / t >= times {
                        Verdict::Met
                    } else {
                        Verdict::NotMet
                    },
                },
                (None, ..) => Check {
                    workload: w.into(),
                    target,
                    measured: String::new(),
                    verdict: Verdict::NotMeasured(format!(
                        "needs parry2d's contact and {engine}: left out by --engines, \
                         or not on this CPU"
                    )),
                },
            };
            checks.push(check);
        };
        if w.starts_with("512 ") {
            let no_512 = (best != avx512).then(|| format!("collide runs {best}, not {avx512}"));
            against_parry(collide, &format!("collide ({avx512})"), 25.0, no_512);
            against_parry(&with_avx2, &format!("collide_with({avx2})"), 15.0, None);
        }
        if w == SCENE {
            against_parry(&with_avx2, &format!("collide_with({avx2})"), 50.0, None);
        }
        let one = time(rows, w, collide);
        let target = "collide_par ≥ 1.8× collide".to_string();
        checks.push(match (threads >= 2, one, time(rows, w, par)) {
            (false, ..) => Check {
                workload: w.into(),
                target,
                measured: String::new(),
                verdict: Verdict::NotMeasured(format!("{threads} thread")),
            },
            (true, Some(one), Some(par)) => Check {
                workload: w.into(),
                target,
                measured: format!("{:.2}×", one / par),
                verdict: if one / par >= 1.8 {
                    Verdict::Met
                } else {
                    Verdict::NotMet
                },
            },
            (true, ..) => Check {
                workload: w.into(),
                target,
                measured: String::new(),
                verdict: Verdict::NotMeasured(
                    "needs collide and collide_par: left out by --engines".into(),
                ),
            },
        });
        for (engine, label) in [
            (collide, format!("collide ({best})")),
            (with_avx2.as_str(), format!("collide_with({avx2})")),
        ] {
            let target = format!("{label} no slower than sat_* placed");
            checks.push(match (time(rows, w, placed), time(rows, w, engine)) {
                (Some(placed), Some(t)) => Check {
                    workload: w.into(),
                    target,
                    measured: format!("{:.2}× its time", t / placed),
                    verdict: if t <= placed {
                        Verdict::Met
                    } else {
                        Verdict::NotMet
                    },
                },
                _ => Check {
                    workload: w.into(),
                    target,
                    measured: String::new(),
                    verdict: Verdict::NotMeasured(format!(
                        "needs sat_* placed and {engine}: left out by --engines, \
                         or not on this CPU"
                    )),
                },
            });
        }
    }
    checks
}

/// The checks as lines of a table: workload, target, measured, verdict.
pub fn lines(checks: &[Check]) -> Vec<String> {
    checks
        .iter()
        .map(|c| {
            let verdict = match &c.verdict {
                Verdict::Met => "met".to_string(),
                Verdict::NotMet => "NOT met".to_string(),
                Verdict::NotMeasured(why) => format!("not measured ({why})"),
            };
            format!(
                "{:<20} {:<52} {:>14}  {}",
                c.workload, c.target, c.measured, verdict
            )
        })
        .collect()
}
