package dev.poolscope.app.ledger;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

import dev.poolscope.app.web.InvalidInputException;
import dev.poolscope.app.web.NotFoundException;

/** {@code GET /api/ledger/{accountId}}: the slow query, when the app was started with a ledger. */
@RestController
class LedgerController {

    private final LedgerTable table;
    private final LedgerService ledger;

    LedgerController(LedgerTable table, LedgerService ledger) {
        this.table = table;
        this.ledger = ledger;
    }

    @GetMapping("/api/ledger/{accountId}")
    LedgerService.Balance balance(@PathVariable long accountId) {
        if (!table.enabled()) {
            throw new NotFoundException(LedgerSql.OFF);
        }
        String invalid = LedgerSql.invalidAccount(accountId);
        if (invalid != null) {
            throw new InvalidInputException(invalid);
        }
        return ledger.balance(accountId);
    }
}
