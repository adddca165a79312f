//! `ludus serve`'s JSON API without a browser: games started, moves
//! played and refused, requests from another origin or host refused, bad
//! bodies answered with a message and a 4xx status, and the records it
//! saves replayed by `ludus replay`. The server must stay up throughout.

use crate::common;

use common::{Reply, Server, http, ludus, temp_dir};
use ludus::notation::{find_move, position_text};
use serde_json::{Value, json};

/// The engine of a bundled game.
fn bundled(name: &str) -> ludus::engine::Engine {
    let loaded = ludus::bundled::load(name).expect("a bundled game");
    ludus::engine::Engine::new(loaded.game.expect("a valid game"))
}

/// `POST PATH` with the JSON `body`; the answer must have `status`.
fn post(server: &Server, path: &str, body: Value, status: u16) -> Value {
    let reply = server.call("POST", path, &body.to_string());
    let shown: String = reply.body.chars().take(600).collect();
    assert_eq!(reply.status, status, "POST {path} {body}: {shown}");
    reply.json()
}

/// The message of a refusal, which every 4xx answer carries.
fn error(v: &Value) -> &str {
    v["error"].as_str().expect("a refusal says why")
}

/// A new game of `game` between two people, seeded.
fn new_game(server: &Server, game: &str) -> Value {
    post(server, "/api/new", json!({"game": game, "seed": 7}), 200)
}

/// The first move (or die move) a state offers, as the page lists it.
fn first_part(state: &Value) -> String {
    state["parts"][0]["text"].as_str().unwrap().to_string()
}

#[test]
fn a_game_is_played_and_its_record_replays() {
    let server = Server::start(&["alquerque", "backgammon"]);
    let engine = bundled("alquerque");
    let state = new_game(&server, "alquerque");
    let id = state["id"].as_u64().unwrap();
    assert_eq!(state["position"], position_text(&engine, &engine.start()));
    let mut st = engine.start();
    let mut moves = Vec::new();
    let mut state = state;
    for _ in 0..4 {
        let text = first_part(&state);
        engine.legal_moves(&mut st, &mut moves);
        let m = find_move(&engine, &st, &moves, &text).unwrap();
        engine.play_unchecked(&mut st, &m);
        state = post(
            &server,
            &format!("/api/game/{id}/move"),
            json!({"move": text}),
            200,
        );
        assert_eq!(
            state["position"],
            position_text(&engine, &st),
            "after {text}"
        );
        assert!(state["svg"].as_str().unwrap().contains(r#"data-site="#));
    }
    assert_eq!(state["played"].as_array().unwrap().len(), 4);

    let reply = replayed(&server, id, "record", "4 turns, every move legal");

    // The same record opened in the page: the start and each turn.
    let text = reply.body.clone();
    let replay = post(&server, "/api/replay", json!({"text": text}), 200);
    assert_eq!(replay["frames"].as_array().unwrap().len(), 5);
    assert_eq!(replay["frames"][4]["position"], position_text(&engine, &st));
    // And continued, its turns kept to take back.
    let loaded = post(&server, "/api/load", json!({"text": text}), 200);
    assert_eq!(loaded["position"], position_text(&engine, &st));
    let lid = loaded["id"].as_u64().unwrap();
    let undone = post(&server, &format!("/api/game/{lid}/undo"), json!({}), 200);
    assert_eq!(undone["played"].as_array().unwrap().len(), 3);
}

#[test]
fn a_dice_game_against_an_agent_is_played_and_replays() {
    let server = Server::start(&["backgammon"]);
    let state = post(
        &server,
        "/api/new",
        json!({"game": "backgammon", "seed": 3, "agents": [null, {"kind": "random"}]}),
        200,
    );
    let id = state["id"].as_u64().unwrap();
    let mut state = state;
    // Each side's turns until white has played three.
    let mut white_turns = 0;
    let mut requests = 0;
    while white_turns < 3 && !state["over"].as_bool().unwrap() {
        requests += 1;
        assert!(requests < 40, "the game goes on: {state}");
        let to_move = state["to_move"].as_u64().unwrap();
        state = if to_move == 1 {
            post(&server, &format!("/api/game/{id}/agent"), json!({}), 200)
        } else if state["needs_roll"].as_bool().unwrap() {
            post(&server, &format!("/api/game/{id}/roll"), json!({}), 200)
        } else {
            white_turns += 1;
            // The first die move offered, then the next, as the page
            // clicks them, until they make a turn.
            let played = state["played"].as_array().unwrap().len();
            let mut typed = 0;
            let mut last = state.clone();
            while last["played"].as_array().unwrap().len() == played {
                assert_eq!(last["typed"].as_array().unwrap().len(), typed);
                let part = first_part(&last);
                assert!(part.contains('/'), "a die move: {part}");
                last = post(
                    &server,
                    &format!("/api/game/{id}/move"),
                    json!({"move": part}),
                    200,
                );
                typed += 1;
            }
            assert!(typed >= 1);
            last
        };
    }
    // A bad roll typed and a die move the dice do not allow are refused.
    if state["to_move"] == 0 && state["needs_roll"] == true {
        let refused = post(
            &server,
            &format!("/api/game/{id}/roll"),
            json!({"dice": "9 9"}),
            422,
        );
        assert!(error(&refused).contains("bad roll"), "{refused}");
    }
    replayed(&server, id, "dice-record", "every move legal");
}

#[test]
fn bad_requests_are_refused_with_a_message_and_the_server_stays_up() {
    let mut server = Server::start(&["alquerque"]);
    let state = new_game(&server, "alquerque");
    let id = state["id"].as_u64().unwrap();
    let position = state["position"].clone();

    // An illegal move, and text that is no move.
    let refused = post(
        &server,
        &format!("/api/game/{id}/move"),
        json!({"move": "a1-e5"}),
        422,
    );
    assert!(error(&refused).contains("a1-e5"), "{refused}");
    post(
        &server,
        &format!("/api/game/{id}/move"),
        json!({"move": "zz"}),
        422,
    );
    post(
        &server,
        &format!("/api/game/{id}/move"),
        json!({"move": 3}),
        400,
    );
    post(&server, &format!("/api/game/{id}/move"), json!({}), 400);
    let long = "a".repeat(5000);
    post(
        &server,
        &format!("/api/game/{id}/move"),
        json!({"move": long}),
        400,
    );
    // Nothing to take back at the start; no dice to throw in this game.
    let refused = post(&server, &format!("/api/game/{id}/undo"), json!({}), 409);
    assert!(error(&refused).contains("nothing to undo"), "{refused}");
    post(&server, &format!("/api/game/{id}/roll"), json!({}), 409);
    // No agent plays this seat.
    post(&server, &format!("/api/game/{id}/agent"), json!({}), 409);

    // Garbage, a body that is not an object, and one not sent as JSON.
    let path = format!("/api/game/{id}/move");
    let garbage = server.call("POST", &path, "{\"move\": ");
    assert_eq!(garbage.status, 400, "{}", garbage.body);
    assert!(error(&garbage.json()).contains("not JSON"));
    assert_eq!(server.call("POST", &path, "[1, 2]").status, 400);
    let plain = http(
        server.port,
        "POST",
        &path,
        &[("Content-Type", "text/plain")],
        b"{}",
    );
    assert_eq!(plain.status, 415, "{}", plain.body);
    // A body over the limit.
    let huge = vec![b' '; 9 << 20];
    let json = [("Content-Type", "application/json")];
    let reply = http(server.port, "POST", "/api/new", &json, &huge);
    assert_eq!(reply.status, 413, "{}", reply.body);

    // Unknown games, sessions, requests; methods that do not fit.
    let refused = post(&server, "/api/new", json!({"game": "no-such-game"}), 404);
    assert!(error(&refused).contains("no-such-game"), "{refused}");
    post(&server, "/api/new", json!({"game": 99}), 404);
    post(&server, "/api/new", json!({}), 400);
    post(
        &server,
        "/api/game/12345/move",
        json!({"move": "b2-c3"}),
        404,
    );
    assert_eq!(server.call("GET", "/api/game/12345", "").status, 404);
    assert_eq!(server.call("GET", "/api/game/x", "").status, 404);
    assert_eq!(server.call("GET", "/api/nothing", "").status, 404);
    assert_eq!(server.call("GET", "/nothing.html", "").status, 404);
    assert_eq!(server.call("GET", "/api/new", "").status, 405);
    post(&server, "/api/games", json!({}), 405);
    post(&server, &format!("/api/game/{id}/dance"), json!({}), 404);

    // Positions, seeds and agents out of bounds.
    let refused = post(
        &server,
        "/api/new",
        json!({"game": "alquerque", "position": "white: z9"}),
        422,
    );
    assert!(error(&refused).contains("bad position"), "{refused}");
    post(
        &server,
        "/api/new",
        json!({"game": "alquerque", "seed": -1}),
        400,
    );
    for agent in [
        json!({"kind": "mcts", "seconds": 11}),
        json!({"kind": "mcts", "seconds": 0}),
        json!({"kind": "expectimax", "depth": 3}),
        json!({"kind": "learned", "seconds": 11}),
        json!({"kind": "learned", "file": "/etc/passwd"}),
        json!("wizard"),
        json!(7),
    ] {
        let body = json!({"game": "alquerque", "agents": [null, agent]});
        let refused = post(&server, "/api/new", body, 400);
        assert!(!error(&refused).is_empty());
    }
    post(
        &server,
        "/api/new",
        json!({"game": "alquerque", "agents": [null]}),
        400,
    );
    // A record or PDN game that is none.
    post(
        &server,
        "/api/replay",
        json!({"text": "{\"oops\": 1}"}),
        422,
    );
    post(
        &server,
        "/api/replay",
        json!({"text": "not a game", "game": 0}),
        422,
    );
    post(&server, "/api/load", json!({"text": "{}"}), 422);

    // The game is as it was, and the server still answers.
    let state = server.call("GET", &format!("/api/game/{id}"), "").json();
    assert_eq!(state["position"], position);
    assert_eq!(server.call("GET", "/api/games", "").status, 200);
    assert!(server.running());
}

#[test]
fn requests_from_another_origin_or_host_are_refused() {
    let server = Server::start(&["alquerque"]);
    let body = br#"{"game": "alquerque"}"#;
    let json = ("Content-Type", "application/json");
    let port = server.port;
    let own = format!("http://127.0.0.1:{port}");
    let local = format!("http://localhost:{port}");
    let rebound = format!("evil.example:{port}");
    let other_port = format!("http://127.0.0.1:{}", port.wrapping_add(1));
    // Refused: another site's page, another port, a host name that is
    // not this machine's (DNS rebinding), a cross-site fetch, no origin
    // at all (`null`).
    for headers in [
        vec![json, ("Origin", "http://evil.example")],
        vec![json, ("Origin", other_port.as_str())],
        vec![json, ("Origin", "null")],
        vec![json, ("Host", rebound.as_str())],
        vec![
            json,
            ("Host", rebound.as_str()),
            ("Origin", "http://evil.example"),
        ],
        vec![json, ("Sec-Fetch-Site", "cross-site")],
    ] {
        let reply = http(port, "POST", "/api/new", &headers, body);
        assert_eq!(reply.status, 403, "{headers:?}: {}", reply.body);
        assert!(
            reply.json()["error"]
                .as_str()
                .unwrap()
                .starts_with("refused")
        );
    }
    let host = format!("evil.example:{port}");
    let page = http(port, "GET", "/", &[("Host", host.as_str())], b"");
    assert_eq!(page.status, 403, "the page itself, to a rebound name");
    // Allowed: this page, by either name of the loopback address.
    for origin in [own.as_str(), local.as_str()] {
        let reply = http(port, "POST", "/api/new", &[json, ("Origin", origin)], body);
        assert_eq!(reply.status, 200, "{origin}: {}", reply.body);
    }
    let page = http(port, "GET", "/", &[], b"");
    assert_eq!(page.status, 200);
    assert!(page.body.contains("<script src=\"/page.js\""));
    assert_eq!(http(port, "GET", "/page.js", &[], b"").status, 200);
    assert_eq!(http(port, "GET", "/page.css", &[], b"").status, 200);
}

#[test]
fn bad_command_lines_and_game_files_exit_as_documented() {
    let run = ludus(&["serve", "--port", "70000"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    let run = ludus(&["serve", "no-such-game-file.game", "--port", "0"]);
    assert_eq!(run.code, 1, "{}", run.stderr);
}

#[test]
fn a_pdn_game_and_a_position_open_and_play_on() {
    let server = Server::start(&["english-draughts"]);
    let engine = bundled("english-draughts");
    let dir = temp_dir("serve", "pdn");
    let pdn = dir.join("game.pdn");
    let run = ludus(&[
        "playout",
        "english-draughts",
        "--seed",
        "2",
        "--pdn",
        pdn.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let text = std::fs::read_to_string(&pdn).unwrap();
    let parsed = ludus::pdn::parse_pdn(&text).unwrap();
    let replayed = ludus::pdn::replay_pdn(&engine, &parsed).unwrap();
    let replay = post(
        &server,
        "/api/replay",
        json!({"text": text, "game": 0}),
        200,
    );
    let frames = replay["frames"].as_array().unwrap();
    assert_eq!(frames.len(), replayed.turns.len() + 1);
    let (_, third) = &replayed.turns[2];
    assert_eq!(frames[3]["position"], position_text(&engine, third));
    // Played on from that position: the state is that position.
    let state = post(
        &server,
        "/api/new",
        json!({"game": 0, "position": frames[3]["position"]}),
        200,
    );
    assert_eq!(state["position"], frames[3]["position"]);
    assert!(!state["parts"].as_array().unwrap().is_empty());
}

#[test]
fn hint_and_resign_answer_and_a_resigned_game_replays() {
    let server = Server::start(&["alquerque"]);
    let state = new_game(&server, "alquerque");
    let id = state["id"].as_u64().unwrap();
    let text = first_part(&state);
    post(
        &server,
        &format!("/api/game/{id}/move"),
        json!({"move": text}),
        200,
    );
    let hint = post(&server, &format!("/api/game/{id}/hint"), json!({}), 200);
    // The agent named, then the mover's best turns, each a legal one.
    let log = hint["log"].as_str().unwrap();
    assert!(log.contains("on the turns of black"), "{log}");
    let best = log
        .lines()
        .nth(1)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap();
    let parts: Vec<&str> = hint["parts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["text"].as_str().unwrap())
        .collect();
    assert!(parts.contains(&best), "{best} is one of {parts:?}");
    let resigned = post(&server, &format!("/api/game/{id}/resign"), json!({}), 200);
    assert_eq!(resigned["over"], true);
    let result = resigned["result"].as_str().unwrap();
    assert!(result.starts_with("black resigned"), "{result}");
    // Nothing more is played once it is over.
    post(
        &server,
        &format!("/api/game/{id}/move"),
        json!({"move": "b2-c3"}),
        409,
    );
    post(&server, &format!("/api/game/{id}/resign"), json!({}), 409);
    replayed(&server, id, "resigned", "1 turns, every move legal");
}

/// Game `id`'s record, fetched from the server, written to a file in a
/// folder named `name` and replayed by `ludus replay`, which must accept it
/// and say `says`; returns the reply that held it.
fn replayed(server: &Server, id: u64, name: &str, says: &str) -> Reply {
    let reply = server.call("GET", &format!("/api/game/{id}/record"), "");
    assert_eq!(reply.status, 200);
    let record = temp_dir("serve", name).join("game.jsonl");
    std::fs::write(&record, &reply.body).unwrap();
    let run = common::replays_every_move_legally(&record);
    assert!(run.stdout.contains(says), "{}", run.stdout);
    reply
}

#[test]
fn a_roll_that_forces_the_turn_is_not_refused() {
    // In the Royal Game of Ur every man starts off the board, so the first
    // roll leaves one turn (or a pass), played at once: the dice then wait
    // for the other player, and the roll was no failure.
    let server = Server::start(&["ur"]);
    for seed in 0..5 {
        let state = post(
            &server,
            "/api/new",
            json!({"game": "ur", "seed": seed}),
            200,
        );
        let id = state["id"].as_u64().unwrap();
        assert_eq!(state["needs_roll"], true);
        let rolled = post(&server, &format!("/api/game/{id}/roll"), json!({}), 200);
        // (A rosette gives the same player another throw.)
        assert_eq!(
            rolled["played"].as_array().unwrap().len(),
            1,
            "{}",
            rolled["log"]
        );
        assert_eq!(rolled["needs_roll"], true);
    }
}

#[test]
fn malformed_http_leaves_the_server_up() {
    use std::io::{Read, Write};
    let mut server = Server::start(&["alquerque"]);
    let long_path = format!("GET /{} HTTP/1.1\r\nHost: x\r\n\r\n", "a".repeat(100_000));
    let long_header = format!(
        "GET / HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nX: {}\r\n\r\n",
        server.port,
        "b".repeat(100_000)
    );
    let inputs: Vec<Vec<u8>> = vec![
        b"\x00\x01\x02garbage\r\n\r\n".to_vec(),
        b"GET\r\n\r\n".to_vec(),
        b"POST /api/new HTTP/1.1\r\nContent-Length: -5\r\n\r\n".to_vec(),
        b"POST /api/new HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n".to_vec(),
        long_path.into_bytes(),
        long_header.into_bytes(),
        Vec::new(),
    ];
    for input in inputs {
        let mut stream = std::net::TcpStream::connect(("127.0.0.1", server.port)).unwrap();
        stream
            .set_read_timeout(Some(std::time::Duration::from_secs(10)))
            .unwrap();
        let _ = stream.write_all(&input);
        let _ = stream.shutdown(std::net::Shutdown::Write);
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
    }
    assert!(server.running());
    let reply = server.call("GET", "/api/games", "");
    assert_eq!(reply.status, 200, "{}", reply.body);

    // A client that promises a body and sends half of it holds up no
    // other request.
    let mut slow = std::net::TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    let head = format!(
        "POST /api/new HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{{\"game\"",
        server.port
    );
    slow.write_all(head.as_bytes()).unwrap();
    let reply = server.call("POST", "/api/new", r#"{"game": "alquerque"}"#);
    assert_eq!(reply.status, 200, "{}", reply.body);
    drop(slow);
}

#[test]
fn the_computer_plays_a_seat() {
    let server = Server::start(&["alquerque"]);
    let body = json!({"game": "alquerque", "seed": 1, "agents": [null, "computer"]});
    let state = post(&server, "/api/new", body, 200);
    // The learned agent with a thinking time deepens as far as it allows.
    let timed =
        json!({"game": "alquerque", "agents": [null, {"kind": "learned", "seconds": 0.05}]});
    let timed = post(&server, "/api/new", timed, 200);
    assert!(
        timed["agents"][1]
            .as_str()
            .is_some_and(|a| a.starts_with("learned:") && a.ends_with("seconds=0.05")),
        "{}",
        timed["agents"]
    );
    let id = state["id"].as_u64().unwrap();
    assert!(state["agents"][1].is_string(), "{}", state["agents"]);
    post(&server, &format!("/api/game/{id}/agent"), json!({}), 409);
    let text = first_part(&state);
    post(
        &server,
        &format!("/api/game/{id}/move"),
        json!({"move": text}),
        200,
    );
    // Now the computer's turn: a person may not play it, the agent does.
    post(
        &server,
        &format!("/api/game/{id}/move"),
        json!({"move": text}),
        409,
    );
    post(&server, &format!("/api/game/{id}/roll"), json!({}), 409);
    let after = post(&server, &format!("/api/game/{id}/agent"), json!({}), 200);
    assert_eq!(after["played"].as_array().unwrap().len(), 2);
    assert_eq!(after["to_move"], 0);
}

#[test]
fn a_game_forgotten_is_gone() {
    let server = Server::start(&["alquerque"]);
    let state = new_game(&server, "alquerque");
    let id = state["id"].as_u64().unwrap();
    post(&server, &format!("/api/game/{id}/forget"), json!({}), 200);
    assert_eq!(
        server.call("GET", &format!("/api/game/{id}"), "").status,
        404
    );
}

#[test]
fn every_bundled_game_is_served_whatever_the_folder_holds() {
    // A folder holding a directory named like a bundled game: by default
    // the bundled games are listed by name, not looked for as files.
    let dir = temp_dir("serve", "folder");
    std::fs::create_dir_all(dir.join("ur")).unwrap();
    let server = Server::start_in(&dir, &[]);
    let games = server.call("GET", "/api/games", "").json();
    let names: Vec<&str> = games["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["label"].as_str().unwrap())
        .collect();
    let bundled: Vec<&str> = ludus::bundled::names().collect();
    assert_eq!(names, bundled);
}

/// Sends `bytes` on a new connection to the server (a write refused, the
/// server having answered and closed, is no fault), then reads until the
/// server closes it, at most `wait`: what came back, and whether the
/// connection was closed within the time.
fn raw(server: &Server, bytes: &[&[u8]], wait: std::time::Duration) -> (String, bool) {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    stream.set_read_timeout(Some(wait)).unwrap();
    for chunk in bytes {
        if stream.write_all(chunk).is_err() {
            break;
        }
    }
    let mut answer = Vec::new();
    let mut chunk = [0u8; 4096];
    let closed = loop {
        match stream.read(&mut chunk) {
            Ok(0) => break true,
            Ok(n) => answer.extend_from_slice(&chunk[..n]),
            // Reset by the server: closed too.
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => break true,
            Err(_) => break false,
        }
    };
    (String::from_utf8_lossy(&answer).into_owned(), closed)
}

#[test]
fn an_oversize_content_length_is_refused_and_the_connection_closed() {
    let mut server = Server::start(&["alquerque"]);
    let head = format!(
        "POST /api/replay HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Type: application/json\r\nContent-Length: 99999999999\r\n\r\n{{}}",
        server.port
    );
    let started = std::time::Instant::now();
    let (answer, closed) = raw(
        &server,
        &[head.as_bytes()],
        std::time::Duration::from_secs(20),
    );
    assert!(answer.starts_with("HTTP/1.1 413 "), "{answer}");
    assert!(answer.contains("larger than"), "{answer}");
    // Closed by the server without waiting for the body it declared.
    assert!(closed, "the connection is closed");
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
    assert!(server.running());
    assert_eq!(server.call("GET", "/api/games", "").status, 200);
}

#[test]
fn an_oversize_header_is_refused_and_the_server_goes_on() {
    let mut server = Server::start(&["alquerque"]);
    let head = format!(
        "GET /api/games HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nX-Big: ",
        server.port
    );
    // One header line of 1 MiB, sent in pieces.
    let piece = vec![b'b'; 64 << 10];
    let mut parts: Vec<&[u8]> = vec![head.as_bytes()];
    parts.extend(std::iter::repeat_n(piece.as_slice(), 16));
    parts.push(b"\r\n\r\n");
    let (answer, closed) = raw(&server, &parts, std::time::Duration::from_secs(20));
    // Refused with 431, or the connection closed before it was read.
    assert!(
        answer.is_empty() || answer.starts_with("HTTP/1.1 431 "),
        "{answer}"
    );
    assert!(closed, "the connection is closed");
    assert!(server.running());
    assert_eq!(server.call("GET", "/api/games", "").status, 200);
}

#[test]
fn a_connection_is_kept_for_the_next_request() {
    let server = Server::start(&["alquerque"]);
    let port = server.port;
    let first = format!("GET /api/games HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n");
    let body = r#"{"game": "alquerque"}"#;
    // The second asks for `100 Continue` (as curl does), needless here:
    // its body comes with its head.
    let second = format!(
        "POST /api/new HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let (answer, closed) = raw(
        &server,
        &[first.as_bytes(), second.as_bytes()],
        std::time::Duration::from_secs(20),
    );
    assert!(closed);
    let statuses: Vec<&str> = answer
        .match_indices("HTTP/1.1 ")
        .map(|(i, _)| &answer[i + 9..i + 12])
        .collect();
    let shown: String = answer.chars().take(600).collect();
    assert_eq!(statuses, ["200", "200"], "{shown}");
    assert!(answer.contains("Connection: keep-alive"), "{shown}");
    assert!(answer.contains("Connection: close"), "{shown}");
}

#[test]
fn a_client_that_waits_for_100_continue_gets_it_then_its_answer() {
    use std::io::{Read, Write};
    let server = Server::start(&["alquerque"]);
    let body = r#"{"game": "alquerque"}"#;
    let head = format!(
        "POST /api/new HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        server.port,
        body.len()
    );
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(20)))
        .unwrap();
    stream.write_all(head.as_bytes()).unwrap();
    let mut interim = [0u8; 25];
    stream.read_exact(&mut interim).unwrap();
    assert_eq!(&interim, b"HTTP/1.1 100 Continue\r\n\r\n");
    stream.write_all(body.as_bytes()).unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200 OK\r\n"), "{answer}");
}

/// A new game of Alquerque whose first seat is MCTS thinking `seconds` a
/// turn, the second a person: its id.
fn game_against_a_slow_agent(server: &Server, seconds: f64) -> u64 {
    let body = json!({"game": "alquerque", "seed": 1, "agents": [{"kind": "mcts", "seconds": seconds}, null]});
    post(server, "/api/new", body, 200)["id"].as_u64().unwrap()
}

/// Asks for the agent's turn of game `id` on a thread of its own.
fn agent_in_background(server: &Server, id: u64) -> std::thread::JoinHandle<Reply> {
    let port = server.port;
    let path = format!("/api/game/{id}/agent");
    let json = ("Content-Type", "application/json");
    std::thread::spawn(move || http(port, "POST", &path, &[json], b"{}"))
}

#[test]
fn a_thinking_agent_holds_up_no_other_game() {
    let server = Server::start(&["alquerque"]);
    let id = game_against_a_slow_agent(&server, 3.0);
    let other = new_game(&server, "alquerque");
    let other_id = other["id"].as_u64().unwrap();
    let started = std::time::Instant::now();
    let agent = agent_in_background(&server, id);
    std::thread::sleep(std::time::Duration::from_millis(300));
    // While it thinks: the list, another game's move and state, this
    // game's state, and a new game are each answered at once.
    let quick = std::time::Duration::from_millis(1500);
    let timed = |what: &str, reply: Reply| {
        assert_eq!(reply.status, 200, "{what}: {}", reply.body);
        reply
    };
    let t = std::time::Instant::now();
    timed("games", server.call("GET", "/api/games", ""));
    let text = first_part(&other);
    let body = json!({"move": text}).to_string();
    let moved = timed(
        "a move",
        server.call("POST", &format!("/api/game/{other_id}/move"), &body),
    );
    assert_eq!(moved.json()["played"].as_array().unwrap().len(), 1);
    let state = timed(
        "its state",
        server.call("GET", &format!("/api/game/{id}"), ""),
    );
    assert_eq!(state.json()["played"].as_array().unwrap().len(), 0);
    timed(
        "a new game",
        server.call("POST", "/api/new", r#"{"game": "alquerque"}"#),
    );
    assert!(t.elapsed() < quick, "answered in {:?}", t.elapsed());
    assert!(
        started.elapsed() < std::time::Duration::from_millis(2500),
        "the agent still thinks"
    );
    // Then the agent's move lands.
    let reply = agent.join().unwrap();
    assert_eq!(reply.status, 200, "{}", reply.body);
    let after = reply.json();
    assert_eq!(after["played"].as_array().unwrap().len(), 1);
    assert_eq!(after["to_move"], 1);
}

#[test]
fn a_game_changed_while_its_agent_thinks_refuses_the_agents_move() {
    let server = Server::start(&["alquerque"]);
    let id = game_against_a_slow_agent(&server, 2.0);
    let agent = agent_in_background(&server, id);
    std::thread::sleep(std::time::Duration::from_millis(300));
    let game = format!("/api/game/{id}");
    // The agent's turn: no person may play it, and one search at a time.
    let state = server.call("GET", &game, "").json();
    let text = first_part(&state);
    let refused = post(&server, &format!("{game}/move"), json!({"move": text}), 409);
    assert!(error(&refused).contains("agent's turn"), "{refused}");
    let refused = post(&server, &format!("{game}/agent"), json!({}), 409);
    assert!(error(&refused).contains("thinking"), "{refused}");
    // The seat given to a person, who moves: the agent's move is refused.
    post(
        &server,
        &format!("{game}/agents"),
        json!({"agents": [null, null]}),
        200,
    );
    post(&server, &format!("{game}/move"), json!({"move": text}), 200);
    let reply = agent.join().unwrap();
    assert_eq!(reply.status, 409, "{}", reply.body);
    assert!(error(&reply.json()).contains("changed"), "{}", reply.body);
    // The game is the person's move, and its record replays.
    let state = server.call("GET", &game, "").json();
    assert_eq!(state["played"], json!([text]));
    assert_eq!(state["to_move"], 1);
    replayed(
        &server,
        id,
        "changed-while-thinking",
        "1 turns, every move legal",
    );
}

/// `POST /api/game/ID/ACTION` with `body`; the answer must have `status`.
fn act(server: &Server, id: u64, action: &str, body: Value, status: u16) -> Value {
    post(server, &format!("/api/game/{id}/{action}"), body, status)
}

/// Throws the dice where they are due, then plays the position's example
/// turn (a whole legal turn, as the move box offers it).
fn play_example(server: &Server, id: u64, state: Value) -> Value {
    let state = if state["needs_roll"] == json!(true) {
        act(server, id, "roll", json!({}), 200)
    } else {
        state
    };
    match state["example"].as_str() {
        Some(turn) => act(server, id, "move", json!({"move": turn}), 200),
        None => state,
    }
}

/// A backgammon position after white's first turn (a 3-1), black to
/// throw: a game begun there has no opening throw.
fn black_to_roll() -> String {
    let engine = bundled("backgammon");
    let mut st = engine.start();
    st.dice = ludus::notation::parse_dice(&engine, "3-1").unwrap();
    let mut moves = Vec::new();
    engine.legal_moves(&mut st, &mut moves);
    engine.play_unchecked(&mut st, &moves[0]);
    position_text(&engine, &st)
}

#[test]
fn the_cube_and_a_match_are_played_and_refused_through_the_api() {
    let server = Server::start(&["backgammon", "alquerque"]);
    for (body, status, says) in [
        (
            json!({"game": "backgammon", "match": "three"}),
            400,
            "`match`",
        ),
        (
            json!({"game": "backgammon", "match": 40000}),
            400,
            "`match`",
        ),
        (
            json!({"game": "backgammon", "match": 5, "position": "match: 3; score: 1-0"}),
            422,
            "disagrees",
        ),
        (
            json!({"game": "backgammon", "position": "cube: 3"}),
            422,
            "power of two",
        ),
    ] {
        let v = post(&server, "/api/new", body.clone(), status);
        assert!(error(&v).contains(says), "{body}: {v}");
    }
    let state = post(
        &server,
        "/api/new",
        json!({"game": "backgammon", "seed": 7, "match": 3}),
        200,
    );
    let id = state["id"].as_u64().unwrap();
    assert_eq!(state["stakes"]["match"], 3);
    assert_eq!(state["stakes"]["crawford_rule"], true);
    assert_eq!(state["stakes"]["cube"]["value"], 1);
    assert_eq!(state["stakes"]["cube"]["owner"], Value::Null);
    let starter = state["to_move"].as_u64().unwrap() as usize;
    let other = 1 - starter;
    // The opening's roll drawn as dice, the example a whole legal turn.
    assert_eq!(state["dice_shown"].as_array().unwrap().len(), 2);
    let v = act(
        &server,
        id,
        "move",
        json!({"move": "24/23", "whole": "yes"}),
        400,
    );
    assert!(error(&v).contains("`whole`"), "{v}");
    let state = play_example(&server, id, state);
    assert_eq!(state["movers"], json!([starter]));
    assert!(state["rolls"][0].is_string(), "{}", state["rolls"]);
    let v = act(&server, id, "take", json!({}), 409);
    assert_eq!(error(&v), "no double is offered");
    let v = act(&server, id, "next", json!({}), 409);
    assert!(error(&v).contains("no next game"), "{v}");
    // The other player doubles before his throw; until the answer only
    // the answer is taken.
    assert_eq!(state["stakes"]["cube"]["may_double"], true);
    let state = act(&server, id, "double", json!({}), 200);
    assert_eq!(state["stakes"]["cube"]["offered"], other);
    assert_eq!(state["acting"], starter);
    for action in ["move", "roll", "undo", "resign", "double"] {
        let v = act(&server, id, action, json!({"move": "24/23"}), 409);
        assert!(error(&v).contains("has doubled"), "{action}: {v}");
    }
    let state = act(&server, id, "take", json!({}), 200);
    assert_eq!(state["stakes"]["cube"]["value"], 2);
    assert_eq!(state["stakes"]["cube"]["owner"], starter);
    let v = act(&server, id, "double", json!({}), 409);
    assert!(error(&v).contains("opponent's"), "{v}");
    // The taker redoubles at his turn; the doubler drops: 2 points.
    let state = play_example(&server, id, state);
    assert_eq!(state["to_move"], starter);
    let state = act(&server, id, "double", json!({}), 200);
    assert_eq!(state["stakes"]["cube"]["offered"], starter);
    let state = act(&server, id, "drop", json!({}), 200);
    assert_eq!(state["over"], true);
    assert_eq!(state["next_game"], true);
    let mut score = [0, 0];
    score[starter] = 2;
    assert_eq!(state["stakes"]["score"], json!(score));
    assert_eq!(
        state["stakes"]["finished"],
        json!([{"winner": starter, "points": 2, "cube": 2, "dropped": other, "resigned": null}])
    );
    for action in ["undo", "double", "resign", "roll"] {
        act(&server, id, action, json!({}), 409);
    }
    // The record says so, and replays.
    let record = server.call("GET", &format!("/api/game/{id}/record"), "");
    assert_eq!(record.status, 200);
    let dir = temp_dir("serve", "cube");
    let file = dir.join("match.jsonl");
    std::fs::write(&file, &record.body).unwrap();
    let run = ludus(&["replay", file.to_str().unwrap(), "--quiet"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("dropped the double"), "{}", run.stdout);
    // Loaded, the record is the match as it stands: the game scored, the
    // next to begin.
    let loaded = post(&server, "/api/load", json!({"text": record.body}), 200);
    assert_eq!(loaded["over"], true);
    assert_eq!(loaded["next_game"], true);
    assert_eq!(loaded["stakes"]["score"], json!(score));
    assert_eq!(
        loaded["stakes"]["finished"], state["stakes"]["finished"],
        "{}",
        loaded["log"]
    );
    // The next game is the Crawford game: nobody doubles in it.
    let state = act(&server, id, "next", json!({}), 200);
    assert_eq!(state["over"], false);
    assert_eq!(state["stakes"]["games"], 1);
    assert_eq!(state["stakes"]["crawford"], true);
    assert_eq!(state["stakes"]["cube"]["value"], 1);
    let state = play_example(&server, id, state);
    assert_eq!(state["stakes"]["cube"]["may_double"], false);
    let v = act(&server, id, "double", json!({}), 409);
    assert!(error(&v).contains("Crawford"), "{v}");

    // An agent doubled answers for itself (the random agent takes).
    let start = black_to_roll();
    let body =
        json!({"game": "backgammon", "seed": 1, "position": start, "agents": ["random", null]});
    let state = post(&server, "/api/new", body, 200);
    let id = state["id"].as_u64().unwrap();
    assert_eq!(
        (state["to_move"].as_u64(), state["needs_roll"].as_bool()),
        (Some(1), Some(true))
    );
    let state = act(&server, id, "double", json!({}), 200);
    assert_eq!(state["acting"], 0);
    let v = act(&server, id, "take", json!({}), 409);
    assert!(error(&v).contains("agent"), "{v}");
    let state = act(&server, id, "agent", json!({}), 200);
    assert_eq!(state["stakes"]["cube"]["value"], 2);
    assert_eq!(state["stakes"]["cube"]["owner"], 0);
    assert_eq!(state["acting"], 1);

    // Money play goes on to the next game with a running score.
    let body = json!({"game": "backgammon", "seed": 1, "position": start});
    let state = post(&server, "/api/new", body, 200);
    let id = state["id"].as_u64().unwrap();
    assert_eq!(state["stakes"]["match"], 0);
    act(&server, id, "double", json!({}), 200);
    let state = act(&server, id, "drop", json!({}), 200);
    assert_eq!(state["next_game"], true);
    let state = act(&server, id, "next", json!({}), 200);
    assert_eq!(state["stakes"]["score"], json!([0, 1]));
    assert_eq!(state["stakes"]["games"], 1);

    // Whatever is sent, in whatever state, is answered, never a fault.
    let mut server = server;
    for action in [
        "move", "roll", "double", "take", "drop", "next", "undo", "resign", "hint", "agent",
        "agents", "nonsense",
    ] {
        for body in [
            "",
            "{",
            "[]",
            r#"{"move": 5}"#,
            r#"{"dice": "9 9"}"#,
            r#"{"whole": 1, "move": "bar/off"}"#,
            r#"{"agents": [1, 2]}"#,
        ] {
            for game in [id, id - 1, 999] {
                let path = format!("/api/game/{game}/{action}");
                let reply = server.call("POST", &path, body);
                assert!(
                    (200..500).contains(&reply.status),
                    "POST {path} {body}: {}",
                    reply.status
                );
            }
        }
    }
    assert!(server.running());

    // A game without a cube.
    let state = new_game(&server, "alquerque");
    assert_eq!(state["stakes"]["cube"], Value::Null);
    let id = state["id"].as_u64().unwrap();
    let v = act(&server, id, "double", json!({}), 409);
    assert!(error(&v).contains("no doubling cube"), "{v}");
    let v = act(&server, id, "next", json!({}), 409);
    assert!(error(&v).contains("no next game"), "{v}");
    assert_eq!(server.call("GET", "/api/games", "").status, 200);
}

#[test]
fn a_hint_names_legal_turns_and_a_cube_action_to_click() {
    let server = Server::start(&["alquerque", "backgammon"]);
    let state = new_game(&server, "alquerque");
    let id = state["id"].as_u64().unwrap();
    let texts: Vec<&str> = state["parts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["text"].as_str().unwrap())
        .collect();
    let hinted = act(&server, id, "hint", json!({}), 200);
    let plays = hinted["hint"]["plays"].as_array().unwrap();
    assert!(!plays.is_empty(), "{}", hinted["hint"]);
    for play in plays {
        assert!(texts.contains(&play.as_str().unwrap()), "{play} is legal");
        assert!(
            hinted["log"]
                .as_str()
                .unwrap()
                .contains(play.as_str().unwrap())
        );
    }
    // The move box's example is a legal move too.
    assert!(texts.contains(&state["example"].as_str().unwrap()));
    // A double to answer: the hint advises take or drop.
    let start = black_to_roll();
    let body = json!({"game": "backgammon", "seed": 1, "position": start});
    let state = post(&server, "/api/new", body, 200);
    let id = state["id"].as_u64().unwrap();
    act(&server, id, "double", json!({}), 200);
    let hinted = act(&server, id, "hint", json!({}), 200);
    let advice = hinted["hint"]["cube"].as_str().unwrap();
    assert!(["take", "drop"].contains(&advice), "{advice}");
    assert!(hinted["log"].as_str().unwrap().starts_with(advice));
    // A turn typed whole from the start of the turn, die moves typed
    // before it forgotten.
    act(&server, id, "take", json!({}), 200);
    let state = act(&server, id, "roll", json!({}), 200);
    let whole = state["example"].as_str().unwrap().to_string();
    let first = first_part(&state);
    let part = act(&server, id, "move", json!({"move": first}), 200);
    assert_eq!(part["typed"].as_array().unwrap().len(), 1);
    let played = act(
        &server,
        id,
        "move",
        json!({"move": whole, "whole": true}),
        200,
    );
    assert_eq!(
        played["played"].as_array().unwrap().len(),
        1,
        "{}",
        played["log"]
    );
    assert_eq!(played["typed"], json!([]));
}

/// A resignation concedes what the player chooses among the points the
/// game's end rules score: backgammon offers a single game, then a
/// gammon and a backgammon by their rules' names, and `{"points": 2}` concedes a
/// gammon; points the request cannot mean are refused (400) and change
/// nothing. A game whose every rule scores one point offers one level.
#[test]
fn a_resignation_concedes_the_points_chosen() {
    let server = Server::start(&["backgammon", "alquerque"]);
    let state = new_game(&server, "backgammon");
    let id = state["id"].as_u64().unwrap();
    assert_eq!(
        state["stakes"]["resign"],
        json!([
            {"points": 1, "name": "single"},
            {"points": 2, "name": "gammon"},
            {"points": 3, "name": "backgammon"}
        ])
    );
    for bad in [json!(0), json!(65), json!("two"), json!(1.5)] {
        let refused = post(
            &server,
            &format!("/api/game/{id}/resign"),
            json!({ "points": bad }),
            400,
        );
        assert!(
            refused["error"].as_str().unwrap().contains("`points`"),
            "{refused}"
        );
    }
    let resigned = post(
        &server,
        &format!("/api/game/{id}/resign"),
        json!({"points": 2}),
        200,
    );
    assert_eq!(resigned["over"], true);
    let finished = &resigned["stakes"]["finished"];
    assert_eq!(finished[0]["points"], 2, "{finished}");
    let other = new_game(&server, "alquerque");
    assert_eq!(
        other["stakes"]["resign"],
        json!([{"points": 1, "name": "single"}])
    );
}

/// The page draws a tables board's points numbered as the one person
/// playing numbers them, whoever moves: Black against an agent sees his
/// own numbers, White's 24-point labelled 1.
#[test]
fn the_board_is_labelled_as_the_person_playing_numbers_it() {
    let server = Server::start(&["backgammon"]);
    let labels = |agents: Value| {
        let body = json!({"game": "backgammon", "seed": 3, "agents": agents});
        let state = post(&server, "/api/new", body, 200);
        let svg = state["svg"].as_str().unwrap().to_string();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        doc.descendants()
            .filter(|n| n.has_tag_name("text") && n.attribute("font-size") == Some("12"))
            .filter_map(|n| n.text().map(str::to_string))
            .take(12)
            .collect::<Vec<_>>()
    };
    let white: Vec<String> = (13..=24).map(|n| n.to_string()).collect();
    let black: Vec<String> = (1..=12).rev().map(|n| n.to_string()).collect();
    assert_eq!(labels(json!([{"kind": "random"}, null])), black);
    assert_eq!(labels(json!([null, {"kind": "random"}])), white);
}

#[test]
fn a_game_of_three_seats_an_agent_a_player() {
    let server = Server::start(&["chinese-checkers-3"]);
    let game = "chinese-checkers-3";
    // One agent a seat, three seats.
    let two = post(
        &server,
        "/api/new",
        json!({"game": game, "agents": [null, "random"]}),
        400,
    );
    assert!(error(&two).contains("a list of 3"), "{two}");
    let matched = post(&server, "/api/new", json!({"game": game, "match": 3}), 400);
    assert!(
        error(&matched).contains("games of two players"),
        "{matched}"
    );
    let searched = json!({"game": game, "agents": [null, "expectimax", "random"]});
    let refused = post(&server, "/api/new", searched, 400);
    assert!(error(&refused).contains("expectimax"), "{refused}");
    let body = json!({"game": game, "seed": 3, "agents": [null, "random", "random"]});
    let state = post(&server, "/api/new", body, 200);
    assert_eq!(state["agents"].as_array().unwrap().len(), 3);
    let id = state["id"].as_u64().unwrap();
    post(
        &server,
        &format!("/api/game/{id}/move"),
        json!({"move": first_part(&state)}),
        200,
    );
    // The second seat's agent, then the third's; then the person again.
    let after = post(&server, &format!("/api/game/{id}/agent"), json!({}), 200);
    assert_eq!(after["to_move"], 2, "{}", after["to_move"]);
    let after = post(&server, &format!("/api/game/{id}/agent"), json!({}), 200);
    assert_eq!(after["to_move"], 0, "{}", after["to_move"]);
    post(&server, &format!("/api/game/{id}/agent"), json!({}), 409);
}

/// Mensch ärgere Dich nicht for four on the page: a person and three
/// agents, each seat's pip count shown, the turn going round the four
/// seats; the record replays.
#[test]
fn a_dice_game_of_four_seats_goes_round_and_replays() {
    let server = Server::start(&["ludo-4"]);
    let agents = json!([null, "random", "random", "random"]);
    let body = json!({"game": "ludo-4", "seed": 5, "agents": agents});
    let mut state = post(&server, "/api/new", body, 200);
    assert_eq!(
        state["pips"],
        json!([180, 180, 180, 180]),
        "{}",
        state["pips"]
    );
    let id = state["id"].as_u64().unwrap();
    let mut movers = std::collections::BTreeSet::new();
    let mut requests = 0;
    while movers.len() < 4 || state["to_move"] != 0 {
        requests += 1;
        assert!(requests < 400, "the turn goes round: {state}");
        let to_move = state["to_move"].as_u64().unwrap();
        movers.insert(to_move);
        state = if to_move != 0 {
            post(&server, &format!("/api/game/{id}/agent"), json!({}), 200)
        } else if state["needs_roll"].as_bool().unwrap() {
            post(&server, &format!("/api/game/{id}/roll"), json!({}), 200)
        } else {
            let part = first_part(&state);
            let body = json!({"move": part});
            post(&server, &format!("/api/game/{id}/move"), body, 200)
        };
    }
    assert_eq!(state["pips"].as_array().unwrap().len(), 4);
    replayed(&server, id, "ludo-record", "every move legal");
}
