package dev.poolscope.reactive;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

import dev.poolscope.app.ledger.LedgerSql;
import dev.poolscope.app.web.InvalidInputException;
import dev.poolscope.app.web.NotFoundException;
import reactor.core.publisher.Mono;

/** {@code GET /api/ledger/{accountId}}: the slow query, when the app was started with a ledger. */
@RestController
class LedgerController {

    private final Ledger ledger;

    LedgerController(Ledger ledger) {
        this.ledger = ledger;
    }

    @GetMapping("/api/ledger/{accountId}")
    Mono<Ledger.Balance> balance(@PathVariable long accountId) {
        if (!ledger.enabled()) {
            return Mono.error(new NotFoundException(LedgerSql.OFF));
        }
        String invalid = LedgerSql.invalidAccount(accountId);
        return invalid != null ? Mono.error(new InvalidInputException(invalid)) : ledger.balance(accountId);
    }
}
