//! Max-size benchmark (placeholder, being written).
fn main() {
    let board = boardcover::Board::new(20, 20, {
        let mut c = vec![boardcover::Cell::White; 400];
        c[0] = boardcover::Cell::Black;
        c
    });
    let t = std::time::Instant::now();
    let (count, stats) = boardcover::solve_with_stats(&board);
    println!("{} {:?} {:?}", count, stats, t.elapsed());
}
